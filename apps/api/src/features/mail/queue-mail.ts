import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { enqueueJob } from '../../jobs/job-queue';
import { newId } from '../../lib/ids';
import { insertMail } from './mail.repository';

export const MAIL_SEND_JOB = 'mail.send';
/** Tries before a mail is given up as 'failed' (its job dead): with the runner's backoff, about 1 h 4 min. */
export const MAIL_MAX_ATTEMPTS = 8;

export interface MailInput {
  /** The company the mail is about; null for platform mails (none yet, but the column allows it). */
  companyId: string | null;
  to: string;
  /** What it is ('notification', 'invitation', 'password-reset'…), for the Administrador's list. */
  kind: string;
  subject: string;
  text: string;
  html: string;
  /**
   * An idempotency id: a second queueMail with the same id queues nothing (a notification's
   * e-mail queued again by a retried delivery job). New random id when absent.
   */
  id?: string;
}

export interface QueuedMail {
  id: string;
  /** False when a mail with this id was already queued. */
  queued: boolean;
}

/**
 * Puts a mail in the outbox (docs/decisions/035): pass the `trx` of the change that causes it, so the
 * mail exists exactly when its cause committed. A 'mail.send' job sends it after the commit; with
 * SMTP_URL unset it stays in the outbox as 'unsent' for the Administrador's 'Correos enviados'.
 */
export async function queueMail(trx: Kysely<DB>, now: Date, input: MailInput): Promise<QueuedMail> {
  const id = input.id ?? newId('mail');
  const queued = await insertMail(trx, {
    id,
    company_id: input.companyId,
    kind: input.kind,
    to_address: input.to,
    subject: input.subject,
    text_body: input.text,
    html_body: input.html,
    status: 'pending',
    // The header's local part, the same on every try (the domain comes from MAIL_FROM at send time).
    message_id: id,
    attempts: 0,
    last_error: null,
    created_at: now.toISOString(),
    sent_at: null,
  });
  if (queued) await enqueueJob(trx, now, { kind: MAIL_SEND_JOB, payload: { mailId: id }, maxAttempts: MAIL_MAX_ATTEMPTS });
  return { id, queued };
}
