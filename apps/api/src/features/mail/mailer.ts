import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The full Message-ID header, '<local@domain>'. */
  messageId: string;
}

/** What the 'mail.send' job needs of the outside world: an SMTP server, or none (SMTP_URL unset). */
export interface Mailer {
  /** The From header; its domain also names the Message-IDs. */
  from: string;
  /** Undefined without SMTP_URL: mails then stay in the outbox. */
  send: ((mail: OutgoingMail) => Promise<void>) | undefined;
  close: () => void;
}

const SMTP_TIMEOUT_MS = 30_000;

/** The Message-ID of a mail: its stored token at the domain of MAIL_FROM (stable across tries). */
export function messageIdFor(token: string, from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  const domain = address.split('@')[1]?.trim() || 'jornada.localdomain';
  return `<${token}@${domain}>`;
}

export function createMailer(options: { smtpUrl: string | undefined; from: string }): Mailer {
  if (!options.smtpUrl) return { from: options.from, send: undefined, close: () => {} };
  // One pooled connection per server: a burst of mails reuses it instead of a handshake per mail.
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: 2,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  } as unknown as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    from: options.from,
    send: async (mail) => {
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: mail.messageId });
    },
    close: () => transport.close(),
  };
}
