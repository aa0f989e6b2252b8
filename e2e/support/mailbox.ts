import { expect } from '@playwright/test';

/** A mail as e2e/support/mailbox-server.ts hands it out. */
export interface E2eMail {
  to: string[];
  subject: string;
  text: string;
  links: string[];
}

const mailboxUrl = `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}`;

/** Waits until a mail to `to` (with `subject`) has reached the test SMTP server; the app's job runner polls every 5 s. */
export async function waitForMail(to: string, subject: string, timeout = 30_000): Promise<E2eMail> {
  let found: E2eMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${mailboxUrl}/mails?to=${encodeURIComponent(to)}`);
        const mails = (await response.json()) as E2eMail[];
        found = mails.filter((mail) => mail.subject === subject).at(-1);
        return found !== undefined;
      },
      { timeout, intervals: [500] },
    )
    .toBe(true);
  return found!;
}

/** The mail's link to `path` (PUBLIC_URL is the e2e server, so it opens as is). */
export function linkTo(mail: E2eMail, path: string): string {
  const link = mail.links.find((href) => new URL(href).pathname === path);
  if (!link) throw new Error(`no link to ${path} in «${mail.subject}»: ${mail.links.join(', ')}`);
  return link;
}
