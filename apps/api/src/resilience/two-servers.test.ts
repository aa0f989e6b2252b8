import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { verifyRegistro } from '../ledgers/registro-chain/registro-verify';
import { startTestMailbox, type TestMailbox } from '../test/test-mailbox';
import {
  expectStatus,
  freePort,
  generatedPassword,
  HttpClient,
  seedCompany,
  serverBundle,
  signIn,
  someLocation,
  startServer,
  type HttpAnswer,
  type SeededCompany,
  type ServerProcess,
} from './server-process';

/*
 * Two servers, one PostgreSQL (issue 9, item 7; docs/security.md): two processes of the built server
 * on different ports share one fresh database, as two replicas behind a load balancer would. Runs
 * only with TEST_DATABASE_URL (a PostgreSQL server; this file creates and drops its own database).
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const onPostgres = !!baseUrl && /^postgres(ql)?:\/\//.test(baseUrl);
const PER_SERVER = 20;
const CHAIN_USERS = 8;

interface Servers {
  one: ServerProcess;
  two: ServerProcess;
  clientOne: HttpClient;
  clientTwo: HttpClient;
  pool: pg.Pool;
  databaseUrl: string;
  company: SeededCompany;
  supervisorCookie: string;
  adminCookie: string;
  mailbox: TestMailbox;
}

let world: Servers;
const databaseName = `jornada_two_servers_${randomBytes(5).toString('hex')}`;
/** Requests sent across both servers by the concurrency tests, for docs/security.md. */
const crossServerRequests = { clockIns: 0, clockOuts: 0, loans: 0, payments: 0, signIns: 0 };

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `count` requests on each server at once (interleaved), answers in the same order. */
function onBoth(count: number, send: (client: HttpClient) => Promise<HttpAnswer>): Promise<HttpAnswer[]> {
  return Promise.all(Array.from({ length: count * 2 }, (_, index) => send(index % 2 === 0 ? world.clientOne : world.clientTwo)));
}

const statuses = (answers: HttpAnswer[]) => answers.map((answer) => answer.status);
const countOf = (answers: HttpAnswer[], status: number) => answers.filter((answer) => answer.status === status).length;

describe.skipIf(!onPostgres)('two servers on one PostgreSQL database', () => {
  beforeAll(async () => {
    const bundle = serverBundle();
    await adminQuery(`CREATE DATABASE ${databaseName}`);
    const url = new URL(baseUrl as string);
    url.pathname = `/${databaseName}`;
    const adminPassword = generatedPassword();
    // The SMTP server both send notification e-mails to (decision 035).
    const mailbox = await startTestMailbox();
    // Both servers poll the jobs table often, so the jobs test below needs no long wait.
    const env = { JOBS_POLL_MS: '100', SMTP_URL: mailbox.url, PUBLIC_URL: 'https://jornada.example.es', MAIL_FROM: 'Jornada <avisos@jornada.example.es>' };
    const options = { bundle, databaseUrl: url.toString(), adminPassword, env };
    // Both start at once on the empty database, as two replicas deployed together: migrations, the
    // default roles and the administrator must be created exactly once, and both must serve.
    const [one, two] = await Promise.all([startServer({ ...options, port: await freePort() }), startServer({ ...options, port: await freePort() })]);
    const clientOne = new HttpClient(one.baseUrl, { maxSockets: 50 });
    const clientTwo = new HttpClient(two.baseUrl, { maxSockets: 50 });
    const adminCookie = await signIn(clientOne, 'admin', adminPassword);
    const company = await seedCompany(clientOne, adminCookie, { employees: 3 + CHAIN_USERS, prefix: 'dos' });
    const supervisorCookie = await signIn(clientTwo, company.supervisor.username, company.supervisor.password);
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    world = { one, two, clientOne, clientTwo, pool, databaseUrl: url.toString(), company, supervisorCookie, adminCookie, mailbox };
  }, 120_000);

  afterAll(async () => {
    console.log(`two servers: cross-server requests ${JSON.stringify(crossServerRequests)}`);
    world?.clientOne.close();
    world?.clientTwo.close();
    await world?.pool.end();
    await Promise.all([world?.one.stop(), world?.two.stop()]);
    await world?.mailbox.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  }, 60_000);

  it('created the schema, the default roles and one administrator once, though both started at once', async () => {
    const roles = await world.pool.query("SELECT COUNT(*)::int AS n FROM roles WHERE is_default = 1");
    const admins = await world.pool.query("SELECT COUNT(*)::int AS n FROM users WHERE role_id = 'role-admin'");
    expect(roles.rows[0].n).toBe(3);
    expect(admins.rows[0].n).toBe(1);
    // Each server seeds the monthly 'registro ready to sign' job at start; its fixed id keeps one.
    const reminders = await world.pool.query("SELECT COUNT(*)::int AS n FROM jobs WHERE kind = 'reminder.registro-ready' AND status = 'pending'");
    expect(reminders.rows[0].n).toBe(1);
  });

  it('accepts a session made on one server on the other, and refuses it on both after logout on one', async () => {
    const employee = world.company.employees[0]!;
    const cookie = await signIn(world.clientOne, employee.username, employee.password);
    const onTwo = await expectStatus<{ user: { id: string } }>(world.clientTwo, 200, 'GET', '/api/auth/me', { cookie });
    expect(onTwo.user.id).toBe(employee.id);

    await expectStatus(world.clientTwo, 200, 'POST', '/api/auth/logout', { cookie, body: {} });
    for (const client of [world.clientOne, world.clientTwo]) {
      const refused = await client.request('GET', '/api/auth/me', { cookie });
      expect(refused.status).toBe(401);
    }
  });

  it('refuses on one server the session of a user disabled on the other', async () => {
    const employee = world.company.employees[0]!;
    const cookie = await signIn(world.clientTwo, employee.username, employee.password);
    await expectStatus(world.clientOne, 200, 'PUT', `/api/employees/${employee.id}/access`, { cookie: world.supervisorCookie, body: { isDisabled: true } });
    expect((await world.clientTwo.request('GET', '/api/auth/me', { cookie })).status).toBe(401);
    await expectStatus(world.clientTwo, 200, 'PUT', `/api/employees/${employee.id}/access`, { cookie: world.supervisorCookie, body: { isDisabled: false } });
    expect((await world.clientOne.request('GET', '/api/auth/me', { cookie })).status).toBe(401);
  });

  it('serves a profile or a granted view cached on one server only until the other changes it (decision 056)', async () => {
    const { company } = world;
    const employee = company.employees[1]!;
    const cookie = await signIn(world.clientOne, employee.username, employee.password);
    type Me = { user: { name: string }; profile: { name: string; grantedViews: string[] } };
    type Matrix = { permissions: Record<string, string[]> };
    // Warm both servers' caches: the same answer twice on each.
    for (const client of [world.clientOne, world.clientTwo, world.clientOne, world.clientTwo]) {
      await expectStatus(client, 200, 'GET', '/api/auth/me', { cookie });
      await expectStatus(client, 200, 'GET', '/api/employees?limit=1', { cookie: world.supervisorCookie });
    }
    type EmployeeRow = { id: string; email: string | null; phone: string | null; roleId: string; categoryIds: string[] };
    const page = await expectStatus<{ items: EmployeeRow[] }>(world.clientOne, 200, 'GET', '/api/employees?limit=200', { cookie: world.supervisorCookie });
    const details = page.items.find((candidate) => candidate.id === employee.id)!;

    // A rename on one server is what the other answers next, on its very next request.
    for (const [writer, reader] of [[world.clientOne, world.clientTwo], [world.clientTwo, world.clientOne]] as const) {
      const name = `Renombrado ${randomBytes(3).toString('hex')}`;
      await expectStatus(writer, 200, 'PUT', `/api/employees/${employee.id}`, {
        cookie: world.supervisorCookie,
        body: { name, email: details.email, phone: details.phone, roleId: details.roleId, categoryIds: details.categoryIds },
      });
      const me = await expectStatus<Me>(reader, 200, 'GET', '/api/auth/me', { cookie });
      expect(me.user.name).toBe(name);
      expect(me.profile.name).toBe(name);
    }

    // A view taken from the Supervisor on one server is refused by the other at once, and given back likewise.
    const matrix = await expectStatus<Matrix>(world.clientOne, 200, 'GET', `/api/permissions/${company.companyId}`, { cookie: world.adminCookie });
    const supervisorViews = matrix.permissions['role-supervisor']!;
    expect(supervisorViews).toContain('view-employees');
    await expectStatus(world.clientOne, 200, 'PUT', `/api/permissions/${company.companyId}`, {
      cookie: world.adminCookie,
      body: { permissions: { 'role-supervisor': supervisorViews.filter((view) => view !== 'view-employees') } },
    });
    expect((await world.clientTwo.request('GET', '/api/employees?limit=1', { cookie: world.supervisorCookie })).status).toBe(403);
    const supervisorMe = await expectStatus<Me>(world.clientTwo, 200, 'GET', '/api/auth/me', { cookie: world.supervisorCookie });
    expect(supervisorMe.profile.grantedViews).not.toContain('view-employees');
    await expectStatus(world.clientTwo, 200, 'PUT', `/api/permissions/${company.companyId}`, { cookie: world.adminCookie, body: { permissions: { 'role-supervisor': supervisorViews } } });
    await expectStatus(world.clientOne, 200, 'GET', '/api/employees?limit=1', { cookie: world.supervisorCookie });

    // The counter moves once per committed transaction that wrote an identity table, and not for a rolled-back one.
    const version = async () => (await world.pool.query('SELECT version FROM identity_version WHERE id = 1')).rows[0].version as number;
    const before = await version();
    const client = await world.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("UPDATE users SET name = name || '' WHERE company_id = $1", [company.companyId]);
      await client.query('ROLLBACK');
      expect(await version()).toBe(before);
      await client.query('BEGIN');
      await client.query("UPDATE users SET name = name || '' WHERE company_id = $1", [company.companyId]);
      await client.query("UPDATE companies SET name = name || '' WHERE id = $1", [company.companyId]);
      await client.query('COMMIT');
      expect(await version()).toBe(before + 1);
    } finally {
      client.release();
    }
  });

  it(`leaves exactly one active record when one user clocks in ${PER_SERVER} times on each server at once, and stops it once`, async () => {
    const employee = world.company.employees[1]!;
    const cookie = await signIn(world.clientTwo, employee.username, employee.password);
    for (let round = 0; round < 3; round += 1) {
      const starts = await onBoth(PER_SERVER, (client) =>
        client.request('POST', '/api/time-records/start', { cookie, body: { eventId: world.company.eventId, location: someLocation } }),
      );
      crossServerRequests.clockIns += starts.length;
      expect(countOf(starts, 201), JSON.stringify(statuses(starts))).toBe(1);
      expect(countOf(starts, 409)).toBe(PER_SERVER * 2 - 1);
      const active = await world.pool.query("SELECT id FROM time_records WHERE user_id = $1 AND status = 'activo'", [employee.id]);
      expect(active.rows).toHaveLength(1);
      const recordId = (starts.find((answer) => answer.status === 201)!.body as { id: string }).id;
      expect(active.rows[0].id).toBe(recordId);

      const stops = await onBoth(PER_SERVER, (client) => client.request('POST', `/api/time-records/${recordId}/stop`, { cookie, body: { location: someLocation } }));
      crossServerRequests.clockOuts += stops.length;
      expect(countOf(stops, 200), JSON.stringify(statuses(stops))).toBe(1);
      expect(countOf(stops, 409)).toBe(PER_SERVER * 2 - 1);
    }
    const records = await world.pool.query('SELECT status, COUNT(*)::int AS n FROM time_records WHERE user_id = $1 GROUP BY status', [employee.id]);
    expect(records.rows).toEqual([{ status: 'completado', n: 3 }]);
    const logged = await world.pool.query("SELECT kind, COUNT(*)::int AS n FROM action_log WHERE actor_id = $1 AND kind LIKE 'time-record.%' GROUP BY kind ORDER BY kind", [employee.id]);
    expect(logged.rows).toEqual([
      { kind: 'time-record.start', n: 3 },
      { kind: 'time-record.stop', n: 3 },
    ]);
  });

  it(`seals ${CHAIN_USERS} users' clock-ins and clock-outs sent at once to both servers in one unbroken registro chain`, async () => {
    const users = world.company.employees.slice(3);
    const cookies = await Promise.all(users.map((user, index) => signIn(index % 2 ? world.clientTwo : world.clientOne, user.username, user.password)));
    const clientOf = (index: number) => (index % 2 ? world.clientOne : world.clientTwo);
    const starts = await Promise.all(
      cookies.map((cookie, index) =>
        clientOf(index).request('POST', '/api/time-records/start', { cookie, body: { eventId: world.company.eventId, location: someLocation } }),
      ),
    );
    crossServerRequests.clockIns += starts.length;
    expect(statuses(starts)).toEqual(Array(CHAIN_USERS).fill(201));
    const stops = await Promise.all(
      cookies.map((cookie, index) =>
        clientOf(index + 1).request('POST', `/api/time-records/${(starts[index]!.body as { id: string }).id}/stop`, { cookie, body: { location: someLocation } }),
      ),
    );
    crossServerRequests.clockOuts += stops.length;
    expect(statuses(stops)).toEqual(Array(CHAIN_USERS).fill(200));

    const database = openDatabase(world.databaseUrl);
    try {
      const verification = await verifyRegistro(database.db);
      const company = verification.companies.find((check) => check.companyId === world.company.companyId);
      expect(company, JSON.stringify(verification)).toMatchObject({ ok: true, problems: 0 });
      // Every clock-in and clock-out of this file so far: 3 rounds of one user, then these users.
      expect(company?.entries).toBe(3 * 2 + CHAIN_USERS * 2);
    } finally {
      await database.destroy();
    }
  });

  it(`never oversells: ${PER_SERVER} loans of one unit on each server at once for the last 10 units`, async () => {
    const material = await expectStatus<{ id: string }>(world.clientOne, 201, 'POST', '/api/material', {
      cookie: world.supervisorCookie,
      body: { name: 'Chaleco reflectante', items: [{ size: 'M', quantity: 10 }] },
    });
    const people = world.company.employees.map((employee) => employee.id);
    let turn = 0;
    const loans = await onBoth(PER_SERVER, (client) =>
      client.request('POST', '/api/material-loans', {
        cookie: world.supervisorCookie,
        body: { employeeId: people[turn++ % people.length], items: [{ materialId: material.id, size: 'M', quantity: 1 }] },
      }),
    );
    crossServerRequests.loans += loans.length;
    expect(countOf(loans, 201), JSON.stringify(statuses(loans))).toBe(10);
    expect(countOf(loans, 409)).toBe(PER_SERVER * 2 - 10);
    const stock = await world.pool.query('SELECT quantity FROM material_items WHERE material_id = $1', [material.id]);
    expect(stock.rows.map((row) => Number(row.quantity))).toEqual([0]);
    const lent = await world.pool.query('SELECT COALESCE(SUM(quantity), 0)::int AS units FROM material_loan_items WHERE material_id = $1', [material.id]);
    expect(lent.rows[0].units).toBe(10);
  });

  it(`records one payment when the same month is confirmed ${PER_SERVER} times on each server at once`, async () => {
    const employee = world.company.employees[2]!;
    const month = new Date().toISOString().slice(0, 7);
    const answers = await onBoth(PER_SERVER, (client) =>
      client.request('POST', '/api/payments', { cookie: world.supervisorCookie, body: { userId: employee.id, month } }),
    );
    crossServerRequests.payments += answers.length;
    expect(countOf(answers, 201), JSON.stringify(statuses(answers))).toBe(1);
    expect(countOf(answers, 409)).toBe(PER_SERVER * 2 - 1);
    const payments = await world.pool.query('SELECT COUNT(*)::int AS n FROM payments WHERE user_id = $1 AND month = $2', [employee.id, month]);
    expect(payments.rows[0].n).toBe(1);
  });

  // Last: it locks 127.0.0.1 out of signing in for the failure window.
  it('claims each of a burst of 200 jobs on one server only (FOR UPDATE SKIP LOCKED), with both runners polling', async () => {
    // A kind no handler knows fails at once; with one try allowed, each job ends 'dead' after the
    // first claim. A job claimed by both servers would show two attempts.
    const now = new Date().toISOString();
    const values = Array.from({ length: 200 }, (_, index) => `('job-burst-${index}', 'test.nobody', 'null', 'pending', 0, 1, '${now}', '${now}')`);
    await world.pool.query(`insert into jobs (id, kind, payload, status, attempts, max_attempts, run_at, created_at) values ${values.join(', ')}`);
    const deadline = Date.now() + 30_000;
    let open = 200;
    while (open > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      open = Number((await world.pool.query(`select count(*) as n from jobs where id like 'job-burst-%' and status <> 'dead'`)).rows[0].n);
    }
    const attempts = await world.pool.query(`select attempts, count(*) as n from jobs where id like 'job-burst-%' group by attempts`);
    expect(attempts.rows.map((row) => [Number(row.attempts), Number(row.n)])).toEqual([[1, 200]]);
  }, 60_000);

  it('delivers a burst of notifications by e-mail exactly once per channel, both servers running the jobs', async () => {
    // Three people with an address; 10 events on each server at once (each on its own day), all three
    // assigned to each: 60 notifications, each with one e-mail and one push delivery.
    const people = world.company.employees.slice(0, 3);
    await world.pool.query(`update users set email = username || '@example.test' where id = any($1)`, [people.map((person) => person.id)]);
    world.mailbox.clear();
    let day = 0;
    const created = await onBoth(10, (client) => {
      day += 1;
      const start = Date.now() + (30 + day) * 86_400_000;
      return client.request('POST', '/api/events', {
        cookie: world.supervisorCookie,
        body: { name: `Ráfaga ${day}`, location: 'Recinto Ferial', date: new Date(start).toISOString(), endDate: new Date(start + 3_600_000).toISOString(), assignedEmployees: people.map((person) => person.id) },
      });
    });
    expect(statuses(created)).toEqual(Array(20).fill(201));
    const expected = 20 * people.length;
    const deadline = Date.now() + 60_000;
    let sent = 0;
    while (Date.now() < deadline) {
      sent = Number((await world.pool.query(`select count(*) as n from mails where status = 'sent' and kind = 'notification:event.assigned'`)).rows[0].n);
      if (sent >= expected && world.mailbox.messages().length >= expected) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // a late duplicate would arrive now
    const received = world.mailbox.messages();
    expect(sent).toBe(expected);
    expect(received).toHaveLength(expected);
    expect(new Set(received.map((mail) => mail.messageId)).size).toBe(expected);
    for (const person of people) expect(received.filter((mail) => mail.to.includes(`${person.username}@example.test`))).toHaveLength(20);
    const deliveries = await world.pool.query(
      `select d.channel, d.status, count(*)::int as n, max(d.attempts)::int as tries from notification_deliveries d join notifications n on n.id = d.notification_id
       where n.user_id = any($1) and n.kind = 'event.assigned' and n.body like '%Ráfaga%' group by d.channel, d.status order by d.channel`,
      [people.map((person) => person.id)],
    );
    // One row per notification and channel, each handed to its channel once; push has no channel in this build: skipped.
    expect(deliveries.rows).toEqual([
      { channel: 'email', status: 'sent', n: expected, tries: 1 },
      { channel: 'push', status: 'skipped', n: expected, tries: 1 },
    ]);
    const jobs = await world.pool.query(`select kind, max(attempts)::int as tries from jobs where kind in ('notification.deliver', 'mail.send') group by kind order by kind`);
    expect(jobs.rows).toEqual([
      { kind: 'mail.send', tries: 1 },
      { kind: 'notification.deliver', tries: 1 },
    ]);
  }, 90_000);

  it('counts failed sign-ins on both servers together: after 10, the right password is refused with 429 on either', async () => {
    const employee = world.company.employees[2]!;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const client = attempt % 2 === 0 ? world.clientOne : world.clientTwo;
      const answer = await client.request('POST', '/api/auth/login', { body: { username: employee.username, password: `Incorrecta-${attempt}!` } });
      expect(answer.status).toBe(401);
      crossServerRequests.signIns += 1;
    }
    for (const client of [world.clientOne, world.clientTwo]) {
      const answer = await client.request('POST', '/api/auth/login', { body: { username: employee.username, password: employee.password } });
      expect(answer.status).toBe(429);
      expect(answer.setCookie).toEqual([]);
      crossServerRequests.signIns += 1;
    }
  });
});
