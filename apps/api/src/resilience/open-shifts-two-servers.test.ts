import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, freePort, generatedPassword, HttpClient, seedCompany, serverBundle, signIn, startServer, type HttpAnswer, type SeededCompany, type ServerProcess } from './server-process';

/*
 * Decision 051 on two servers (issue 27 item 3): two processes of the built server share one fresh
 * PostgreSQL database, as replicas behind a load balancer. Every employee of the category asks for
 * the last open place of an event on both servers at once; exactly one gets it, the event has one
 * person on it and no place is left. Runs only with TEST_DATABASE_URL (PostgreSQL).
 */

const baseUrl = process.env.TEST_DATABASE_URL;
const onPostgres = !!baseUrl && /^postgres(ql)?:\/\//.test(baseUrl);
const EMPLOYEES = 8;
const ROUNDS = 3;
const DAY = 86_400_000;

interface World {
  one: ServerProcess;
  two: ServerProcess;
  clients: [HttpClient, HttpClient];
  pool: pg.Pool;
  company: SeededCompany;
  supervisorCookie: string;
  employeeCookies: string[];
  categoryId: string;
}

let world: World;
const databaseName = `jornada_open_shifts_${randomBytes(5).toString('hex')}`;

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.skipIf(!onPostgres)('open shifts on two servers sharing one PostgreSQL database', () => {
  beforeAll(async () => {
    const bundle = serverBundle();
    await adminQuery(`CREATE DATABASE ${databaseName}`);
    const url = new URL(baseUrl as string);
    url.pathname = `/${databaseName}`;
    const adminPassword = generatedPassword();
    const options = { bundle, databaseUrl: url.toString(), adminPassword, env: { JOBS_POLL_MS: '1000' } };
    const one = await startServer({ ...options, port: await freePort() });
    const two = await startServer({ ...options, port: await freePort() });
    const clients: [HttpClient, HttpClient] = [new HttpClient(one.baseUrl, { maxSockets: 50 }), new HttpClient(two.baseUrl, { maxSockets: 50 })];
    const adminCookie = await signIn(clients[0], 'admin', adminPassword);
    const company = await seedCompany(clients[0], adminCookie, { employees: EMPLOYEES, prefix: 'abiertos', hours: 1 });
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    // The category, its company and its holders, arranged in the database (the API under test is the claim).
    const categoryId = `cat-${randomBytes(6).toString('hex')}`;
    await pool.query('INSERT INTO categories (id, name, price_cents, created_at) VALUES ($1, $2, NULL, $3)', [categoryId, 'Vigilante', new Date().toISOString()]);
    await pool.query('INSERT INTO company_categories (company_id, category_id) VALUES ($1, $2)', [company.companyId, categoryId]);
    for (const employee of company.employees) await pool.query('INSERT INTO user_categories (user_id, category_id) VALUES ($1, $2)', [employee.id, categoryId]);
    const supervisorCookie = await signIn(clients[1], company.supervisor.username, company.supervisor.password);
    const employeeCookies = await Promise.all(company.employees.map((employee, index) => signIn(clients[index % 2]!, employee.username, employee.password)));
    world = { one, two, clients, pool, company, supervisorCookie, employeeCookies, categoryId };
  }, 180_000);

  afterAll(async () => {
    for (const client of world?.clients ?? []) client.close();
    await world?.pool.end();
    await Promise.all([world?.one.stop(), world?.two.stop()]);
    await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  }, 60_000);

  it(`gives the last place to exactly one of ${EMPLOYEES} employees claiming it twice each, once on each server, ${ROUNDS} times`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const start = Date.now() + (2 + 2 * round) * DAY;
      const created = await expectStatus<{ items: { id: string }[] }>(world.clients[0], 201, 'POST', '/api/events', {
        cookie: world.supervisorCookie,
        body: { name: `Partido ${round + 1}`, location: 'Estadio', date: new Date(start).toISOString(), endDate: new Date(start + 2 * 3_600_000).toISOString(), assignedEmployees: [] },
      });
      const eventId = created.items[0]!.id;
      await expectStatus(world.clients[1], 200, 'PUT', `/api/events/${eventId}/open-places`, { cookie: world.supervisorCookie, body: { places: [{ categoryId: world.categoryId, places: 1 }] } });

      const claims: Promise<HttpAnswer>[] = [];
      for (const cookie of world.employeeCookies) {
        for (const client of world.clients) claims.push(client.request('POST', `/api/open-shifts/${eventId}/claim`, { cookie, body: { categoryId: world.categoryId } }));
      }
      const answers = await Promise.all(claims);
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201), JSON.stringify(statuses)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(EMPLOYEES * 2 - 1);

      const staff = await world.pool.query("SELECT user_id FROM event_assignments WHERE event_id = $1 AND state <> 'declined'", [eventId]);
      expect(staff.rows).toHaveLength(1);
      const places = await world.pool.query('SELECT places, remaining FROM event_open_places WHERE event_id = $1', [eventId]);
      expect(places.rows).toEqual([{ places: 1, remaining: 0 }]);
      const granted = await world.pool.query("SELECT user_id FROM open_shift_claims WHERE event_id = $1 AND state = 'approved'", [eventId]);
      expect(granted.rows).toEqual(staff.rows);
    }
  }, 120_000);
});
