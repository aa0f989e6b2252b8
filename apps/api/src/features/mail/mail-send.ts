import type { JobHandler } from '../../jobs/job-queue';
import { countAttempt, findMail, markMail } from './mail.repository';
import { messageIdFor, type Mailer } from './mailer';
import { MAIL_MAX_ATTEMPTS } from './queue-mail';

export interface MailSendOptions {
  mailer: Mailer;
  /** Development prints each mail that has nowhere to go (SMTP_URL unset) here. */
  log?: (line: string) => void;
}

/**
 * The 'mail.send' job (docs/decisions/035). At least once, like every job: a mail already 'sent'
 * is skipped, and the window between the SMTP server accepting it and the row saying so is covered
 * by the stable Message-ID (a resend after a crash carries the same one).
 */
export function mailSendHandler(options: MailSendOptions): JobHandler {
  const { mailer } = options;
  return async (payload, { db, clock, attempt }) => {
    const { mailId } = payload as { mailId: string };
    const mail = await findMail(db, mailId);
    if (!mail || mail.status === 'sent' || mail.status === 'unsent') return;
    if (!mailer.send) {
      await markMail(db, mail.id, { status: 'unsent', last_error: null });
      options.log?.(`Correo sin enviar (SMTP_URL no configurado), para ${mail.to_address}: ${mail.subject}\n${mail.text_body}`);
      return;
    }
    await countAttempt(db, mail.id);
    try {
      await mailer.send({ to: mail.to_address, subject: mail.subject, text: mail.text_body, html: mail.html_body, messageId: messageIdFor(mail.message_id, mailer.from) });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      await markMail(db, mail.id, { status: attempt >= MAIL_MAX_ATTEMPTS ? 'failed' : 'pending', last_error: message });
      throw error;
    }
    // Recorded right after the server accepted it, in its own short write: the crash window.
    await markMail(db, mail.id, { status: 'sent', sent_at: clock().toISOString(), last_error: null });
  };
}
