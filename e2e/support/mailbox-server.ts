/**
 * The browser tests' mailbox: a real SMTP server (apps/api/src/test/test-mailbox.ts) that the e2e
 * app server sends to (playwright.config.ts sets its SMTP_URL), plus a tiny HTTP side so the test
 * workers, which are other processes, can read what arrived. Started by Playwright as a second
 * webServer: `npx tsx e2e/support/mailbox-server.ts` with E2E_SMTP_PORT and E2E_MAILBOX_PORT.
 *
 *   GET /health          → 200 once the SMTP server listens
 *   GET /mails?to=ADDR   → the mails received for ADDR, oldest first (JSON)
 */
import { createServer } from 'node:http';
import { startTestMailbox } from '../../apps/api/src/test/test-mailbox';

const smtpPort = Number(process.env.E2E_SMTP_PORT);
const httpPort = Number(process.env.E2E_MAILBOX_PORT);
if (!smtpPort || !httpPort) throw new Error('E2E_SMTP_PORT and E2E_MAILBOX_PORT are required');

const mailbox = await startTestMailbox({ port: smtpPort });
const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/health') return response.writeHead(200).end('ok');
  if (url.pathname === '/mails') {
    const to = (url.searchParams.get('to') ?? '').toLowerCase();
    const mails = mailbox.messages().filter((mail) => mail.to.includes(to)).map(({ raw: _raw, ...mail }) => mail);
    return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
  }
  response.writeHead(404).end();
});
http.listen(httpPort, '127.0.0.1');

const stop = () => {
  http.close();
  void mailbox.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
