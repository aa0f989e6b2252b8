import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultRoleIds } from '@jornada/shared/permissions';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestMailbox, type ReceivedMail, type TestMailbox } from '../test/test-mailbox';
import { expectStatus, freePort, generatedPassword, HttpClient, serverBundle, signIn, spawnServer, waitForHealth, type ServerProcess } from './server-process';

/*
 * Mail across a crash (issue 23, item 7; docs/decisions/035): the built server on one SQLite file
 * sends notification e-mails to a real SMTP server in this test. For some mails the test SIGKILLs the
 * server after the SMTP server has the whole message and before it answers 250: the server dies
 * between claiming its 'mail.send' job and recording the mail as sent, the worst instant there is.
 * After each restart the job's claim expires (JOBS_LOCK_MS), the job runs again and sends the mail
 * again, with the same Message-ID. The receiving side sees each mail under one Message-ID: a
 * duplicate from the window is recognisable and dropped by that header, and no mail is lost.
 * Run by `npm run test:crash`.
 */

const PEOPLE = 4;
const EVENTS = 3;
/** Which arrivals (1-based, in order) kill the server before their 250. */
const KILL_AT = new Set([1, 6, 10]);

let mailbox: TestMailbox | undefined;
let server: ServerProcess | undefined;
const dir = mkdtempSync(join(tmpdir(), 'jornada-mail-crash-'));

afterAll(async () => {
  await server?.kill();
  await mailbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

describe('mail across a crash of the sending server', () => {
  it('delivers every notification e-mail under one Message-ID, though the server dies while sending', async () => {
    const bundle = serverBundle();
    const adminPassword = generatedPassword();
    const databaseUrl = `sqlite:${join(dir, 'jornada.db')}`;
    let arrivals = 0;
    let killed = 0;
    let restart: Promise<void> | undefined;

    mailbox = await startTestMailbox({
      beforeAccept: async () => {
        arrivals += 1;
        if (!KILL_AT.has(arrivals) || !server) return;
        const dying = server;
        server = undefined;
        await dying.kill();
        killed += 1;
        restart = boot();
      },
    });
    const env = { SMTP_URL: mailbox.url, MAIL_FROM: 'Jornada <avisos@jornada.example.es>', PUBLIC_URL: 'https://jornada.example.es', JOBS_POLL_MS: '200', JOBS_LOCK_MS: '1500' };
    const boot = async () => {
      const starting = spawnServer({ bundle, port: await freePort(), databaseUrl, adminPassword, env });
      try {
        await waitForHealth(starting, 90_000);
      } catch (error) {
        await starting.kill();
        throw new Error(`restart failed: ${String(error)}\n${starting.output()}`, { cause: error });
      }
      server = starting;
    };
    await boot();

    // A company, a supervisor and PEOPLE employees with an address, through the API.
    let client = new HttpClient(server!.baseUrl);
    const adminCookie = await signIn(client, 'admin', adminPassword);
    const company = await expectStatus<{ id: string }>(client, 201, 'POST', '/api/companies', { cookie: adminCookie, body: { name: 'Vigilancia Norte' } });
    const makeUser = async (role: 'Supervisor' | 'Empleado', username: string) => {
      const password = generatedPassword();
      const body = { name: `Persona ${username}`, username, password, email: `${username}@example.test`, roleId: defaultRoleIds[role], companyId: company.id };
      const user = await expectStatus<{ id: string }>(client, 201, 'POST', '/api/users', { cookie: adminCookie, body });
      return { id: user.id, username, password };
    };
    const supervisor = await makeUser('Supervisor', 'crash-sup');
    const people = [];
    for (let index = 0; index < PEOPLE; index += 1) people.push(await makeUser('Empleado', `crash-emp${index}`));
    const supervisorCookie = await signIn(client, supervisor.username, supervisor.password);

    // EVENTS events on different days, everyone assigned: EVENTS × PEOPLE notifications, each with its mail.
    for (let day = 1; day <= EVENTS; day += 1) {
      const start = Date.now() + day * 86_400_000;
      // The server may be dying or restarting under us: a failed request is sent again once it is back.
      for (;;) {
        if (restart) await restart;
        if (!server) {
          await sleep(50);
          continue;
        }
        client.close();
        client = new HttpClient(server.baseUrl);
        const answer = await client
          .request('POST', '/api/events', {
            cookie: supervisorCookie,
            body: { name: `Turno ${day}`, location: 'Recinto Ferial', date: new Date(start).toISOString(), endDate: new Date(start + 4 * 3_600_000).toISOString(), assignedEmployees: people.map((p) => p.id) },
          })
          .catch(() => undefined);
        if (answer?.status === 201) break;
        if (answer && answer.status !== 503) throw new Error(`event ${day}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }

    // Every mail of the outbox recorded as sent (read as the administrator, on whichever server is up).
    const expected = EVENTS * PEOPLE;
    const deadline = Date.now() + 120_000;
    let outbox: { items: { to: string; status: string }[] } = { items: [] };
    while (Date.now() < deadline) {
      if (restart) await restart;
      if (server) {
        client.close();
        client = new HttpClient(server.baseUrl);
        const answer = await client.request('GET', '/api/admin/mails?limit=100', { cookie: adminCookie }).catch(() => undefined);
        if (answer?.status === 200) outbox = answer.body as typeof outbox;
        if (outbox.items.length === expected && outbox.items.every((mail) => mail.status === 'sent')) break;
      }
      await sleep(250);
    }
    client.close();
    expect(outbox.items.map((mail) => mail.status)).toEqual(Array(expected).fill('sent'));

    const received = mailbox.messages();
    const byMessageId = new Map<string, ReceivedMail[]>();
    for (const mail of received) byMessageId.set(mail.messageId, [...(byMessageId.get(mail.messageId) ?? []), mail]);
    console.log(`mail crash: ${killed} kills, ${received.length} arrivals for ${expected} mails, ${byMessageId.size} distinct Message-IDs`);

    expect(killed).toBe(KILL_AT.size);
    // Once each, by Message-ID: every mail arrived, none under two ids.
    expect(byMessageId.size).toBe(expected);
    // The window is real: each killed send arrived again after the restart, under the same Message-ID
    // and with the same content.
    expect(received.length).toBe(expected + killed);
    for (const copies of byMessageId.values()) {
      expect(new Set(copies.map((mail) => `${mail.to.join(',')} ${mail.subject} ${mail.text}`)).size).toBe(1);
      expect(copies[0]!.messageId).toMatch(/^<mail-ntf-[0-9a-f-]+@jornada\.example\.es>$/);
    }
    // Each person got one distinct mail per event.
    for (const person of people) {
      const ids = [...byMessageId.values()].filter((copies) => copies[0]!.to.includes(`${person.username}@example.test`));
      expect(ids).toHaveLength(EVENTS);
    }
  });
});
