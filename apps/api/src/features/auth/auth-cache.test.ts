import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/database';
import { prepareDatabase } from '../../db/prepare';
import { createFactories, type Factories } from '../../test/factories';
import { createTestClock } from '../../test/test-app';
import { EXTERNAL_CHECK_MS } from '../../db/external-commit-watch';
import { hashToken, TOUCH_INTERVAL_MS } from './session-policy';

/*
 * The embedded deployment serves sessions, profiles and granted views from memory (auth-cache.ts).
 * These tests change what the cache holds by every way a change can arrive, and the next request
 * must see it: through the product's own writes, through any statement of this process, and
 * through another process writing the same SQLite file.
 */
const dir = mkdtempSync(join(tmpdir(), 'jornada-auth-cache-'));
const file = join(dir, 'cache.db');
const clock = createTestClock();
let database: Database;
let app: FastifyInstance;
let factories: Factories;
let companyId: string;

beforeAll(async () => {
  database = openDatabase(`sqlite:${file}`);
  await prepareDatabase(database.db, clock());
  app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, clock, webDistDir: '/nonexistent' });
  await app.ready();
  factories = createFactories(database.db, clock);
  companyId = (await factories.company('Vigilancia Caché')).id;
});
afterAll(async () => {
  await app.close();
  await database.destroy();
  rmSync(dir, { recursive: true, force: true });
});

async function signIn(role: 'Empleado' | 'Supervisor' = 'Empleado') {
  const user = await factories.user({ role, companyId });
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-requested-with': 'jornada' }, payload: { username: user.username, password: user.password } });
  expect(response.statusCode).toBe(200);
  const token = response.cookies.find((cookie) => cookie.name === 'jornada_session')!.value;
  return { user, token, cookie: `jornada_session=${token}` };
}

const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

/** A second connection to the same file, as a CLI or a sqlite3 shell would open it. */
function otherProcess<T>(work: (sqlite: BetterSqlite3.Database) => T): T {
  const sqlite = new BetterSqlite3(file);
  try {
    return work(sqlite);
  } finally {
    sqlite.close();
  }
}

/** Another process's commit shows within EXTERNAL_CHECK_MS (real time, not the test clock). */
const afterExternalCheck = () => new Promise((resolve) => setTimeout(resolve, EXTERNAL_CHECK_MS + 50));

describe('the in-memory auth cache (SQLite)', () => {
  it('is on for SQLite and holds a session once it has been used', async () => {
    expect(app.authCache).not.toBeNull();
    const { cookie, token } = await signIn();
    expect((await me(cookie)).statusCode).toBe(200);
    expect(app.authCache!.session(hashToken(token))).toMatchObject({ companyId, role: 'Empleado' });
  });

  it('sees a user disabled by any statement of this process at the next request', async () => {
    const { user, cookie } = await signIn();
    expect((await me(cookie)).statusCode).toBe(200);
    await database.db.updateTable('users').set({ is_disabled: 1 }).where('id', '=', user.id).execute();
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('sees a name, a role change and a withdrawn view at the next request', async () => {
    const { user, cookie } = await signIn('Supervisor');
    expect((await me(cookie)).json().user.name).toBe(user.name);
    expect((await app.inject({ method: 'GET', url: '/api/time-records', headers: { cookie } })).statusCode).toBe(200);

    await database.db.updateTable('users').set({ name: 'Nombre Nuevo' }).where('id', '=', user.id).execute();
    expect((await me(cookie)).json().user.name).toBe('Nombre Nuevo');

    await database.db.deleteFrom('company_permissions').where('company_id', '=', companyId).where('view_id', '=', 'time-log').execute();
    expect((await app.inject({ method: 'GET', url: '/api/time-records', headers: { cookie } })).statusCode).toBe(403);
    expect((await me(cookie)).json().profile.grantedViews).not.toContain('time-log');
  });

  it('sees a logout at once, also for a copy of the cookie', async () => {
    const { cookie } = await signIn();
    expect((await me(cookie)).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, 'x-requested-with': 'jornada' } });
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('sees a session revoked by another process writing the same file', async () => {
    const { token, cookie } = await signIn();
    expect((await me(cookie)).statusCode).toBe(200);
    otherProcess((sqlite) => sqlite.prepare('delete from sessions where id = ?').run(hashToken(token)));
    await afterExternalCheck();
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('sees a user renamed by another process', async () => {
    const { user, cookie } = await signIn();
    expect((await me(cookie)).json().profile.name).toBe(user.name);
    otherProcess((sqlite) => sqlite.prepare('update users set name = ? where id = ?').run('Renombrada Fuera', user.id));
    await afterExternalCheck();
    expect((await me(cookie)).json().profile.name).toBe('Renombrada Fuera');
  });

  it('keeps serving from memory across the session touch, and writes the touch', async () => {
    const { token, cookie } = await signIn();
    expect((await me(cookie)).statusCode).toBe(200);
    clock.advance(TOUCH_INTERVAL_MS + 1000);
    expect((await me(cookie)).statusCode).toBe(200);
    const stored = await database.db.selectFrom('sessions').select('last_seen_at').where('id', '=', hashToken(token)).executeTakeFirstOrThrow();
    expect(stored.last_seen_at).toBe(clock().toISOString());
    // The touch updated the cached entry instead of emptying the cache.
    expect(app.authCache!.session(hashToken(token))?.lastSeenAtMs).toBe(clock().getTime());
  });

  it('remembers which session a found token hashes to, never a made-up one, and forgets at a sign-out', async () => {
    const { token, cookie } = await signIn();
    expect((await me(cookie)).statusCode).toBe(200);
    expect(app.authCache!.sessionIdOf(token)).toBe(hashToken(token));
    const madeUp = 'x'.repeat(43);
    expect((await me(`jornada_session=${madeUp}`)).statusCode).toBe(401);
    expect(app.authCache!.sessionIdOf(madeUp)).toBeUndefined();
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, 'x-requested-with': 'jornada' } });
    expect(logout.statusCode).toBe(200);
    expect(app.authCache!.sessionIdOf(token)).toBeUndefined();
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('ends an idle session on time although it is cached', async () => {
    const { cookie } = await signIn();
    expect((await me(cookie)).statusCode).toBe(200);
    clock.advance(13 * 60 * 60 * 1000);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});
