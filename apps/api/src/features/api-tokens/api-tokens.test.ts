import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiTokenScope } from '@jornada/shared/schemas/api-tokens';
import { hashSecretToken } from '../../lib/secret-tokens';
import { insertTestEvent } from '../../test/factories';
import { lastAction } from '../../test/last-action';
import { arrangeTwoCompanies, signInAs, type TwoCompanies } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-app';
import { withholdView } from '../../test/worlds';

/** Personal API tokens (decision 054): the same checks as a session, plus the token's scopes. */
const RATE_LIMIT = 5;
const METRICS_TOKEN = 'metrics-token-for-the-api-token-tests-0123456789';
let ctx: TestContext;
let two: TwoCompanies;

beforeAll(async () => {
  ctx = await createTestContext({ env: { API_TOKEN_RATE_LIMIT: String(RATE_LIMIT), METRICS_TOKEN } });
  two = await arrangeTwoCompanies(ctx);
}, 60_000);
afterAll(() => ctx?.close());

async function createToken(cookie: string, scopes: ApiTokenScope[], extra: { name?: string; expiresOn?: string | null } = {}) {
  const response = await ctx.request({ method: 'POST', url: '/api/api-tokens', cookie, payload: { name: extra.name ?? 'Integración', scopes, ...(extra.expiresOn !== undefined ? { expiresOn: extra.expiresOn } : {}) } });
  expect(response.statusCode, response.body).toBe(201);
  expect(response.headers['cache-control']).toContain('no-store');
  return response.json() as { token: { id: string; hint: string; scopes: string[]; lastUsedAt: string | null; expiresAt: string | null }; secret: string };
}

/** A program's request: the bearer only, no cookie and no CSRF header. */
function bearer(secret: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, extraHeaders: Record<string, string> = {}) {
  return ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${secret}`, ...extraHeaders } });
}

/** Each test gets its own minute, so earlier requests never count against the rate limit. */
const nextMinute = () => ctx.clock.advance(60_000);

describe('API tokens', () => {
  it('are shown once, stored only as a hash, and listed with their scopes and hint', async () => {
    nextMinute();
    const { token, secret } = await createToken(two.supervisor.cookie, ['eventos:leer', 'registro:leer'], { name: 'Panel de control' });
    expect(secret).toMatch(/^jrn_[A-Za-z0-9_-]{43}$/);
    expect(token.hint).toBe(secret.slice(0, 8));
    expect(token.scopes).toEqual(['registro:leer', 'eventos:leer']);
    const stored = await ctx.db.selectFrom('api_tokens').selectAll().where('id', '=', token.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(hashSecretToken(secret));
    // Nowhere in the database: the whole dump of every table is searched for the secret.
    const tables = ctx.database.dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(ctx.db)).rows.map((row) => row.name)
      : (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(ctx.db)).rows.map((row) => row.name);
    for (const table of tables) {
      const rows = (await sql`select * from ${sql.table(table)}`.execute(ctx.db)).rows;
      expect(JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).not.toContain(secret.slice(8));
    }
    const listed = await ctx.request({ method: 'GET', url: '/api/api-tokens', cookie: two.supervisor.cookie });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(secret);
    expect(listed.json().items[0]).toMatchObject({ id: token.id, name: 'Panel de control', hint: token.hint, revokedAt: null, lastUsedAt: null });
    // Another user sees none of them.
    const others = await ctx.request({ method: 'GET', url: '/api/api-tokens', cookie: two.employee.cookie });
    expect(others.json().items.map((item: { id: string }) => item.id)).not.toContain(token.id);
    expect((await lastAction(ctx, 'api_token.created')).message).toContain('Panel de control');
  });

  it('refuses bad input with a Spanish message', async () => {
    for (const payload of [{ name: '', scopes: ['eventos:leer'] }, { name: 'x', scopes: [] }, { name: 'x', scopes: ['todo:hacer'] }, { name: 'x', scopes: ['eventos:leer'], expiresOn: '2026-13-45' }]) {
      const response = await ctx.request({ method: 'POST', url: '/api/api-tokens', cookie: two.supervisor.cookie, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toMatch(/token|permiso|fecha|caducidad/i);
    }
    const past = await ctx.request({ method: 'POST', url: '/api/api-tokens', cookie: two.supervisor.cookie, payload: { name: 'x', scopes: ['eventos:leer'], expiresOn: '2026-11-20' } });
    expect(past.statusCode).toBe(422);
    expect(past.json().error.message).toBe('La caducidad debe ser hoy o una fecha posterior.');
  });

  it('works as a session on a route of its scope, without CSRF header, and refuses other routes and other scopes with 403', async () => {
    nextMinute();
    const { secret } = await createToken(two.supervisor.cookie, ['eventos:leer', 'perfil:leer']);
    const me = await bearer(secret, 'GET', '/api/auth/me');
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().user.id).toBe(two.supervisor.id);
    expect((await bearer(secret, 'GET', '/api/events')).statusCode).toBe(200);
    // The scope it lacks, and a route that takes no token at all.
    const noScope = await bearer(secret, 'POST', '/api/events', { name: 'Por token', location: 'Madrid', date: '2026-12-01T10:00:00.000Z', endDate: '2026-12-01T12:00:00.000Z' });
    expect(noScope.statusCode).toBe(403);
    expect(noScope.json().error.message).toBe('El token de API no tiene el permiso «eventos:gestionar» que pide esta operación.');
    const noTokens = await bearer(secret, 'GET', '/api/companies');
    expect(noTokens.statusCode).toBe(403);
    expect(noTokens.json().error.message).toBe('Esta operación no se puede hacer con un token de API; entra con tu usuario.');
    // Public routes declare no scope either; a token cannot make more tokens.
    nextMinute();
    expect((await bearer(secret, 'POST', '/api/auth/login', { username: 'x', password: 'y' })).statusCode).toBe(403);
    expect((await bearer(secret, 'POST', '/api/api-tokens', { name: 'Hijo', scopes: ['eventos:leer'] })).statusCode).toBe(403);
    expect((await bearer(secret, 'GET', '/api/api-tokens')).statusCode).toBe(403);
  });

  it('keeps the role and company checks of its user: another company is not found, a role route is forbidden', async () => {
    nextMinute();
    const { secret } = await createToken(two.employee.cookie, ['eventos:leer', 'eventos:gestionar', 'fichajes:leer', 'personal:leer']);
    // An Empleado may not manage events, token or not.
    expect((await bearer(secret, 'GET', '/api/events')).statusCode).toBe(403);
    expect((await bearer(secret, 'GET', '/api/employees')).statusCode).toBe(403);
    expect((await bearer(secret, 'GET', '/api/time-records/mine')).statusCode).toBe(200);
    const supervisor = await createToken(two.supervisor.cookie, ['eventos:leer']);
    const own = await insertTestEvent(ctx.db, { companyId: two.home.id, start: '2026-12-01T10:00:00.000Z', end: '2026-12-01T12:00:00.000Z' });
    const foreign = await insertTestEvent(ctx.db, { companyId: two.other.id, start: '2026-12-01T10:00:00.000Z', end: '2026-12-01T12:00:00.000Z' });
    expect((await bearer(supervisor.secret, 'GET', `/api/events/${own.id}`)).statusCode).toBe(200);
    expect((await bearer(supervisor.secret, 'GET', `/api/events/${foreign.id}`)).statusCode).toBe(404);
  });

  it('stops at once when revoked, expired, or its user is disabled', async () => {
    nextMinute();
    const revoked = await createToken(two.supervisor.cookie, ['perfil:leer']);
    expect((await bearer(revoked.secret, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const revoke = await ctx.request({ method: 'POST', url: `/api/api-tokens/${revoked.token.id}/revoke`, cookie: two.supervisor.cookie });
    expect(revoke.statusCode).toBe(200);
    const refused = await bearer(revoked.secret, 'GET', '/api/auth/me');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe('El token de API no es válido, ha caducado o se ha revocado.');
    expect(refused.headers['www-authenticate']).toContain('Bearer');
    // Someone else's token is not found; revoking twice is harmless.
    expect((await ctx.request({ method: 'POST', url: `/api/api-tokens/${revoked.token.id}/revoke`, cookie: two.employee.cookie })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'POST', url: `/api/api-tokens/${revoked.token.id}/revoke`, cookie: two.supervisor.cookie })).statusCode).toBe(200);

    const expiring = await createToken(two.supervisor.cookie, ['perfil:leer'], { expiresOn: '2026-11-21' });
    expect(expiring.token.expiresAt).toBe('2026-11-21T23:59:59.999Z');
    expect((await bearer(expiring.secret, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const before = ctx.clock();
    ctx.clock.set('2026-11-22T00:00:00.000Z');
    expect((await bearer(expiring.secret, 'GET', '/api/auth/me')).statusCode).toBe(401);
    ctx.clock.set(new Date(before.getTime() + 60_000));

    const person = await signInAs(ctx, 'Empleado', two.home.id);
    const disabledToken = await createToken(person.cookie, ['perfil:leer']);
    expect((await bearer(disabledToken.secret, 'GET', '/api/auth/me')).statusCode).toBe(200);
    await ctx.db.updateTable('users').set({ is_disabled: 1 }).where('id', '=', person.id).execute();
    expect((await bearer(disabledToken.secret, 'GET', '/api/auth/me')).statusCode).toBe(401);
    // Unknown and malformed tokens.
    expect((await bearer('jrn_desconocido', 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: 'Bearer' } })).statusCode).toBe(401);
  });

  it('follows the company permission matrix at the time of the request (a lost view)', async () => {
    nextMinute();
    const company = await ctx.factories.company('Vistas Cambiantes');
    const supervisor = await signInAs(ctx, 'Supervisor', company.id);
    const { secret } = await createToken(supervisor.cookie, ['fichajes:leer']);
    expect((await bearer(secret, 'GET', '/api/time-records')).statusCode).toBe(200);
    await withholdView(ctx, company.id, 'Supervisor', 'time-log');
    const lost = await bearer(secret, 'GET', '/api/time-records');
    expect(lost.statusCode).toBe(403);
    expect(lost.json().error.message).toBe('Tu empresa no te ha concedido acceso a esta sección.');
  });

  it('never mixes a session and a token in one request', async () => {
    nextMinute();
    const { secret } = await createToken(two.employee.cookie, ['perfil:leer']);
    const mixed = await bearer(secret, 'GET', '/api/auth/me', undefined, { cookie: two.admin.cookie });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.message).toBe('Usa la sesión o un token de API, no los dos en la misma petición.');
    // A state change with both is refused too, before anything is written.
    const mixedWrite = await bearer(secret, 'POST', '/api/api-tokens', { name: 'Mezcla', scopes: ['perfil:leer'] }, { cookie: two.admin.cookie });
    expect(mixedWrite.statusCode).toBe(400);
  });

  it('keeps /api/metrics on its own METRICS_TOKEN', async () => {
    nextMinute();
    const { secret } = await createToken(two.admin.cookie, ['perfil:leer']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).statusCode).toBe(200);
    expect((await bearer(secret, 'GET', '/api/metrics')).statusCode).toBe(401);
    // And the metrics token opens nothing else.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).statusCode).toBe(401);
  });

  it('is rate-limited per token with a Spanish 429 and Retry-After, and writes its last use at most once a minute', async () => {
    nextMinute();
    ctx.clock.set(new Date(Math.floor(ctx.clock().getTime() / 60_000) * 60_000 + 15_000));
    const first = await createToken(two.supervisor.cookie, ['perfil:leer']);
    const second = await createToken(two.supervisor.cookie, ['perfil:leer']);
    for (let index = 0; index < RATE_LIMIT; index += 1) expect((await bearer(first.secret, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const firstUse = ctx.clock().toISOString();
    const limited = await bearer(first.secret, 'GET', '/api/auth/me');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('45');
    expect(limited.json().error.message).toBe('Has hecho demasiadas peticiones con este token de API. Espera 45 segundos antes de volver a intentarlo.');
    // Another token of the same user has its own count.
    expect((await bearer(second.secret, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const listed = (await ctx.request({ method: 'GET', url: '/api/api-tokens', cookie: two.supervisor.cookie })).json().items as { id: string; lastUsedAt: string | null }[];
    expect(listed.find((item) => item.id === first.token.id)?.lastUsedAt).toBe(firstUse);
    // Later in the same minute: still limited, last use unchanged (no write per request).
    ctx.clock.advance(10_000);
    expect((await bearer(first.secret, 'GET', '/api/auth/me')).statusCode).toBe(429);
    expect((await ctx.db.selectFrom('api_tokens').select('last_used_at').where('id', '=', first.token.id).executeTakeFirstOrThrow()).last_used_at).toBe(firstUse);
    // The next minute opens again and records the new use.
    ctx.clock.advance(40_000);
    expect((await bearer(first.secret, 'GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await ctx.db.selectFrom('api_tokens').select('last_used_at').where('id', '=', first.token.id).executeTakeFirstOrThrow()).last_used_at).toBe(ctx.clock().toISOString());
  });
});
