import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIN_CIERRE_GRACE_MS } from '@jornada/shared/sin-cierre';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { EXTERNAL_CHECK_MS } from '../../db/external-commit-watch';
import { prepareDatabase } from '../../db/prepare';
import { overviewRequests } from '../../plugins/spa';
import { createFactories, insertTestEvent } from '../../test/factories';
import { createTestClock, createTestContext, type TestContext } from '../../test/test-app';
import { MAX_CACHED_BYTES, ViewerCache } from './viewer-cache';

/*
 * An Empleado's overview answers are kept in memory on SQLite (viewer-cache.ts). Every test here
 * changes what an answer depends on — a product write, a direct statement, the passing of time,
 * another process — and the next request must show it. They run on PostgreSQL too (no cache there),
 * where they hold trivially: the answers are the same either way.
 */
const NOW = '2026-11-21T10:00:00.000Z';
const isSqlite = !process.env.TEST_DATABASE_URL?.startsWith('postgres');
const statements: string[] = [];
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ clock: createTestClock(NOW), trace: (sql) => statements.push(sql) });
});
afterAll(() => ctx.close());
afterEach(() => ctx.clock.set(NOW));

async function employeeWithAShift(label: string) {
  const company = await ctx.factories.company(label);
  const user = await ctx.factories.user({ role: 'Empleado', companyId: company.id });
  const cookie = await ctx.login(user.username, user.password);
  const shift = await insertTestEvent(ctx.db, { companyId: company.id, start: '2026-11-21T08:00:00Z', end: '2026-11-21T16:00:00Z', assignedTo: [user.id] });
  const later = await insertTestEvent(ctx.db, { companyId: company.id, start: '2026-11-21T20:00:00Z', end: '2026-11-21T23:00:00Z', assignedTo: [user.id] });
  return { company, user, cookie, shift, later };
}

const get = async (url: string, cookie: string) => {
  const response = await ctx.request({ method: 'GET', url, cookie });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
};
const post = (url: string, cookie: string, payload: object) => ctx.request({ method: 'POST', url, cookie, payload });
const overviewUrls = () => overviewRequests('Empleado', ctx.clock()).filter((url) => url !== '/api/auth/me');
const location = { lat: 40.4, lng: -3.7, accuracy: 10 };

describe('the viewer cache of the overview answers', () => {
  it('answers the second request of each overview GET from memory on SQLite, with the same body', async () => {
    const { cookie } = await employeeWithAShift('Caché Lectura');
    for (const url of overviewUrls()) {
      const first = await get(url, cookie);
      statements.length = 0;
      expect(await get(url, cookie)).toEqual(first);
      if (isSqlite) expect(statements, url).toEqual([]);
    }
  });

  it('shows a clock-in and a clock-out at once on every card', async () => {
    const { cookie, shift } = await employeeWithAShift('Caché Fichaje');
    const before = Object.fromEntries(await Promise.all(overviewUrls().map(async (url) => [url, await get(url, cookie)])));
    expect(before['/api/time-records/active']).toEqual({ record: null });
    const started = await post('/api/time-records/start', cookie, { eventId: shift.id, location });
    expect(started.statusCode).toBe(201);
    expect((await get('/api/time-records/active', cookie)).record.id).toBe(started.json().id);
    expect((await get('/api/time-records/mine?limit=5', cookie)).records.map((record: { id: string }) => record.id)).toEqual([started.json().id]);
    expect((await get('/api/overview/summary', cookie)).recordCount).toBe(1);
    ctx.clock.advance(90 * 60_000);
    expect((await post(`/api/time-records/${started.json().id}/stop`, cookie, { location })).statusCode).toBe(200);
    expect(await get('/api/time-records/active', cookie)).toEqual({ record: null });
    expect((await get('/api/overview/summary', cookie)).totalMinutes).toBe(90);
  });

  it('shows a direct write to the database (an event renamed, an assignment removed)', async () => {
    const { cookie, user, shift } = await employeeWithAShift('Caché Directo');
    const month = overviewUrls().find((url) => url.startsWith('/api/events/calendar'))!;
    expect((await get(month, cookie)).items.map((event: { name: string }) => event.name)).toContain(shift.name);
    await ctx.db.updateTable('events').set({ name: 'Concierto renombrado' }).where('id', '=', shift.id).execute();
    expect((await get(month, cookie)).items.map((event: { name: string }) => event.name)).toContain('Concierto renombrado');
    expect((await get('/api/time-records/clockable-events', cookie)).items).toHaveLength(1);
    await ctx.db.deleteFrom('event_assignments').where('user_id', '=', user.id).where('event_id', '=', shift.id).execute();
    expect((await get('/api/time-records/clockable-events', cookie)).items).toEqual([]);
    expect((await get('/api/overview/summary', cookie)).totalEvents).toBe(1);
  });

  it('follows time: a shift ends, the next one starts, a timer becomes Sin cierre', async () => {
    const { cookie, shift } = await employeeWithAShift('Caché Tiempo');
    const month = overviewUrls().find((url) => url.startsWith('/api/events/calendar'))!;
    const started = await post('/api/time-records/start', cookie, { eventId: shift.id, location });
    expect(started.statusCode).toBe(201);
    const statuses = async () => (await get(month, cookie)).items.map((event: { status: string }) => event.status);
    expect(await statuses()).toEqual(['Activo', 'Programado']);
    expect((await get('/api/overview/summary', cookie)).activeEvents).toBe(1);
    expect((await get('/api/corrections/summary', cookie)).sinCierre).toBe(0);

    ctx.clock.set('2026-11-21T16:00:00.000Z');
    expect(await statuses()).toEqual(['Finalizado', 'Programado']);
    expect((await get('/api/overview/summary', cookie)).activeEvents).toBe(0);
    expect((await get('/api/time-records/clockable-events', cookie)).items).toEqual([]);
    expect((await get('/api/time-records/active', cookie)).record.sinCierre).toBe(false);

    ctx.clock.set(new Date(Date.parse('2026-11-21T16:00:00.000Z') + SIN_CIERRE_GRACE_MS));
    expect((await get('/api/time-records/active', cookie)).record.sinCierre).toBe(true);
    expect((await get('/api/time-records/mine?limit=5', cookie)).records[0].sinCierre).toBe(true);
    expect((await get('/api/corrections/summary', cookie)).sinCierre).toBe(1);

    ctx.clock.set('2026-11-21T20:00:00.000Z');
    expect((await get('/api/time-records/clockable-events', cookie)).items).toHaveLength(1);
    expect(await statuses()).toEqual(['Finalizado', 'Activo']);
  });

  it("keeps each viewer's answers apart and still checks who is asking", async () => {
    const first = await employeeWithAShift('Caché Uno');
    const second = await employeeWithAShift('Caché Dos');
    const month = overviewUrls().find((url) => url.startsWith('/api/events/calendar'))!;
    const namesOf = async (cookie: string) => (await get(month, cookie)).items.map((event: { name: string }) => event.name);
    expect(await namesOf(first.cookie)).toEqual([first.shift.name, first.later.name]);
    expect(await namesOf(second.cookie)).toEqual([second.shift.name, second.later.name]);
    await ctx.db.updateTable('users').set({ is_disabled: 1 }).where('id', '=', first.user.id).execute();
    expect((await ctx.request({ method: 'GET', url: month, cookie: first.cookie })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: month })).statusCode).toBe(401);
  });
});

describe.runIf(isSqlite)('what the cached routes declare (SQLite)', () => {
  /*
   * docs/decisions/038: a route's declared tables are checked against the statements it actually
   * runs. A query may read a table only on one branch (a card with data, a card without), so every
   * route runs in two worlds: an employee with nothing yet, and one with data on every card.
   */
  async function expectDeclarationsCover(cookie: string) {
    const graph = ctx.database.changes!.tableGraph();
    const declared = ctx.app.viewerCache!.declaredReads();
    for (const url of overviewUrls()) {
      // A write to users empties every answer, so each route below computes its answer afresh.
      await ctx.db.updateTable('users').set({ name: 'Nombre Nuevo' }).where('id', '=', 'nadie').execute();
      statements.length = 0;
      await get(url, cookie);
      expect(statements.length, url).toBeGreaterThan(0);
      const read = new Set(statements.flatMap((sql) => graph.tablesNamedIn(sql)));
      // The session is who asks, not what is answered: the answer is kept per user. The session
      // lookup reads the identity version with it (decision 056; moved only on PostgreSQL).
      const allowed = new Set([...declared.get(`GET ${url.split('?')[0]}`)!, 'sessions', 'identity_version']);
      expect([...read].filter((table) => !allowed.has(table)), url).toEqual([]);
    }
  }

  it('caches exactly the GETs the overview makes', () => {
    const declared = ctx.app.viewerCache!.declaredReads();
    expect([...declared.keys()].filter((routeId) => routeId.startsWith('GET ')).sort()).toEqual(overviewUrls().map((url) => `GET ${url.split('?')[0]}`).sort());
  });

  it('each declares every table it reads for an employee with nothing yet', async () => {
    const company = await ctx.factories.company('Caché Vacía');
    const user = await ctx.factories.user({ role: 'Empleado', companyId: company.id });
    await expectDeclarationsCover(await ctx.login(user.username, user.password));
  });

  it('each declares every table it reads with data on every card', async () => {
    const { cookie, shift, company } = await employeeWithAShift('Caché Declaraciones');
    const supervisor = await ctx.factories.user({ role: 'Supervisor', companyId: company.id });
    const supervisorCookie = await ctx.login(supervisor.username, supervisor.password);
    const me = (await get('/api/auth/me', cookie)).user;
    // Data on every card, so every query of every answer runs: a running timer, a vacation request,
    // a loan with its items, a notification (the loan's).
    expect((await post('/api/time-records/start', cookie, { eventId: shift.id, location })).statusCode).toBe(201);
    const vacation = await post('/api/my-vacations', cookie, { dates: ['2026-12-24'] });
    expect(vacation.statusCode, vacation.body).toBe(201);
    const material = await post('/api/material', supervisorCookie, { name: 'Chaleco', items: [{ size: 'M', quantity: 2 }] });
    expect(material.statusCode, material.body).toBe(201);
    const loan = await post('/api/material-loans', supervisorCookie, { employeeId: me.id, items: [{ materialId: material.json().id, size: 'M', quantity: 1 }] });
    expect(loan.statusCode, loan.body).toBe(201);
    await expectDeclarationsCover(cookie);
  });
});

describe('ViewerCache on its own', () => {
  function cacheWithFeed() {
    const listeners: ((sql: string) => void)[] = [];
    let version = 1;
    const feed = {
      onWrite: (listener: (sql: string) => void) => void listeners.push(listener),
      externalVersion: () => version,
      tableGraph: () => ({
        tablesNamedIn: (sql: string) => ['vacation_requests', 'events', 'event_assignments'].filter((table) => sql.includes(table)),
        // A write to events also changes event_assignments (the trigger copies).
        tablesChangedBy: (sql: string) => new Set(sql.includes('events') ? ['events', 'event_assignments'] : sql.includes('vacation_requests') ? ['vacation_requests'] : []),
      }),
    };
    const cache = new ViewerCache(feed);
    // As a request would: a lookup (which checks the file's version) comes before any remember.
    expect(cache.lookup('GET /a', 'u1', 0)).toBeUndefined();
    cache.register('GET /a', ['event_assignments']);
    cache.register('GET /b', ['vacation_requests']);
    return { cache, write: (sql: string) => listeners.forEach((listener) => listener(sql)), bumpVersion: () => (version += 1) };
  }

  it('drops only the answers of routes that read a changed table, consequences included', () => {
    const { cache, write } = cacheWithFeed();
    cache.remember('GET /a', 'u1', '{"a":1}', Infinity, cache.generation('GET /a'));
    cache.remember('GET /b', 'u1', '{"b":1}', Infinity, cache.generation('GET /b'));
    write('update "vacation_requests" set "status" = ?');
    expect(cache.lookup('GET /a', 'u1', 0)?.toString()).toBe('{"a":1}');
    expect(cache.lookup('GET /b', 'u1', 0)).toBeUndefined();
    write('update "events" set "name" = ?');
    expect(cache.lookup('GET /a', 'u1', 0)).toBeUndefined();
  });

  it('never keeps an answer computed across a write, nor one past its time boundary', () => {
    const { cache, write } = cacheWithFeed();
    const generation = cache.generation('GET /a');
    write('delete from "events" where "id" = ?');
    cache.remember('GET /a', 'u1', '{"stale":true}', Infinity, generation);
    expect(cache.lookup('GET /a', 'u1', 0)).toBeUndefined();
    cache.remember('GET /a', 'u1', '{"fresh":true}', 1_000, cache.generation('GET /a'));
    expect(cache.lookup('GET /a', 'u1', 999)?.toString()).toBe('{"fresh":true}');
    expect(cache.lookup('GET /a', 'u1', 1_000)).toBeUndefined();
  });

  it('never holds more than its byte budget', () => {
    const { cache } = cacheWithFeed();
    const half = 'x'.repeat(MAX_CACHED_BYTES / 2);
    cache.remember('GET /a', 'u1', half, Infinity, cache.generation('GET /a'));
    cache.remember('GET /b', 'u1', half, Infinity, cache.generation('GET /b'));
    expect(cache.lookup('GET /a', 'u1', 0)?.length).toBe(half.length);
    cache.remember('GET /a', 'u2', half, Infinity, cache.generation('GET /a'));
    expect(cache.lookup('GET /a', 'u1', 0)).toBeUndefined();
    expect(cache.lookup('GET /b', 'u1', 0)).toBeUndefined();
    expect(cache.lookup('GET /a', 'u2', 0)?.length).toBe(half.length);
  });

  it("drops everything when another connection commits", async () => {
    const { cache, bumpVersion } = cacheWithFeed();
    expect(cache.lookup('GET /b', 'u1', 0)).toBeUndefined();
    cache.remember('GET /b', 'u1', '{"b":1}', Infinity, cache.generation('GET /b'));
    expect(cache.lookup('GET /b', 'u1', 0)?.toString()).toBe('{"b":1}');
    bumpVersion();
    await new Promise((resolve) => setTimeout(resolve, EXTERNAL_CHECK_MS + 50));
    expect(cache.lookup('GET /b', 'u1', 0)).toBeUndefined();
  });
});

describe.runIf(isSqlite)('another process writing the SQLite file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'jornada-viewer-cache-'));
  const file = join(dir, 'viewer.db');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("shows another connection's commit within the external check", async () => {
    const clock = createTestClock(NOW);
    const database = openDatabase(`sqlite:${file}`);
    await prepareDatabase(database.db, clock());
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, clock, webDistDir: '/nonexistent' });
    await app.ready();
    try {
      const factories = createFactories(database.db, clock);
      const company = await factories.company('Caché Externa');
      const user = await factories.user({ role: 'Empleado', companyId: company.id });
      const shift = await insertTestEvent(database.db, { companyId: company.id, start: '2026-11-21T08:00:00Z', end: '2026-11-21T16:00:00Z', assignedTo: [user.id] });
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-requested-with': 'jornada' }, payload: { username: user.username, password: user.password } });
      const cookie = `jornada_session=${login.cookies.find((entry) => entry.name === 'jornada_session')!.value}`;
      const clockable = async () => (await app.inject({ method: 'GET', url: '/api/time-records/clockable-events', headers: { cookie } })).json().items;
      expect((await clockable()).map((event: { name: string }) => event.name)).toEqual([shift.name]);
      const other = new BetterSqlite3(file);
      other.prepare('update events set name = ? where id = ?').run('Renombrado fuera', shift.id);
      other.close();
      await new Promise((resolve) => setTimeout(resolve, EXTERNAL_CHECK_MS + 50));
      expect((await clockable()).map((event: { name: string }) => event.name)).toEqual(['Renombrado fuera']);
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});
