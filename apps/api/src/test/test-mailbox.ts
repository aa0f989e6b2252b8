import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the test SMTP server received and parsed it. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), lower-case. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header, '<…@…>'. */
  messageId: string;
  /** Every href in the HTML part, in order. */
  links: string[];
  /** The raw message, as it came over the wire. */
  raw: string;
}

export interface TestMailbox {
  /** An SMTP_URL for this server (smtp://user:pass@127.0.0.1:port). */
  url: string;
  port: number;
  /** Every mail received so far, oldest first. */
  messages: () => ReceivedMail[];
  /** The first mail to `to` received from now on or already there and not yet taken by waitFor. */
  waitFor: (to: string, options?: { timeoutMs?: number }) => Promise<ReceivedMail>;
  /** While true, every message is refused with a 451 (a server that is down for mail). */
  refuse: (refusing: boolean) => void;
  clear: () => void;
  close: () => Promise<void>;
}

export const TEST_SMTP_USER = 'jornada';
export const TEST_SMTP_PASSWORD = 'buzon-de-prueba';

/**
 * A real SMTP server on a free local port, for tests that must see mails arrive (issue 23: never a
 * mock transport). Plain SMTP with AUTH PLAIN/LOGIN, no TLS: nodemailer sends over it as it would
 * to any server that offers no STARTTLS.
 */
export async function startTestMailbox(
  options: {
    port?: number;
    /**
     * Called with each mail once it is stored and before the server answers 250 to it: a crash test
     * kills the sending server here, so the mail has arrived but its sender never learns so.
     */
    beforeAccept?: (mail: ReceivedMail) => Promise<void> | void;
  } = {},
): Promise<TestMailbox> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];
  let refusing = false;

  const deliver = (mail: ReceivedMail) => {
    received.push(mail);
    for (const waiter of [...waiters]) {
      if (!taken.has(mail) && mail.to.includes(waiter.to)) {
        taken.add(mail);
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(mail);
      }
    }
  };

  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === TEST_SMTP_USER && auth.password === TEST_SMTP_PASSWORD) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing) {
          const error = new Error('Servicio no disponible (prueba)') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            const html = typeof parsed.html === 'string' ? parsed.html : '';
            const mail: ReceivedMail = {
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              from: addressText(parsed.from),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html,
              messageId: parsed.messageId ?? '',
              links: [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&')),
              raw: raw.toString('utf8'),
            };
            deliver(mail);
            return options.beforeAccept?.(mail);
          })
          .then(() => callback())
          .catch((error: Error) => callback(error));
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://${TEST_SMTP_USER}:${TEST_SMTP_PASSWORD}@127.0.0.1:${port}`,
    port,
    messages: () => [...received],
    waitFor: (to, { timeoutMs = 10_000 } = {}) => {
      const address = to.toLowerCase();
      const ready = received.find((mail) => !taken.has(mail) && mail.to.includes(address));
      if (ready) {
        taken.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const waiter = { to: address, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const index = waiters.indexOf(waiter);
          if (index === -1) return;
          waiters.splice(index, 1);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms (received: ${received.map((mail) => mail.to.join(',')).join('; ') || 'none'})`));
        }, timeoutMs).unref();
      });
    },
    refuse: (value) => {
      refusing = value;
    },
    clear: () => {
      received.length = 0;
      taken.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function addressText(address: AddressObject | AddressObject[] | undefined): string {
  if (!address) return '';
  return (Array.isArray(address) ? address : [address]).map((entry) => entry.text).join(', ');
}
