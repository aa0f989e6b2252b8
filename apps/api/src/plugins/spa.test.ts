import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { RoleName } from '@jornada/shared/permissions';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { prepareDatabase } from '../db/prepare';
import { createFactories } from '../test/factories';
import { createTestClock } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import { overviewRequests } from './spa';

describe('index.html with the modulepreload links of its page', () => {
  let app: FastifyInstance;
  let destroy: () => Promise<void>;
  const sessions = {} as Record<RoleName, { cookie: string }>;
  // 00:30 on 1 November in Madrid is still October in UTC: the calendar's month is Madrid's.
  const clock = createTestClock('2026-10-31T23:30:00.000Z');

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'jornada-web-'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>Jornada</title></head><body></body></html>');
    writeFileSync(
      join(dist, '.vite/route-preloads.json'),
      JSON.stringify({
        landing: ['/assets/landing-1.js'],
        login: ['/assets/login-1.js'],
        publicAccess: ['/assets/public-access-1.js'],
        dashboard: ['/assets/dashboard-layout-1.js', '/assets/dashboard-1.js'],
        screens: { overview: ['/assets/overview-1.js'], 'my-hours': ['/assets/my-hours-1.js', '"><script>x</script>'] },
      }),
    );
    const database = await createTestDatabase();
    await prepareDatabase(database.db, clock());
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, clock, webDistDir: dist });
    destroy = () => database.destroy();
    const factories = createFactories(database.db, clock);
    const company = await factories.company();
    for (const role of ['Administrador', 'Supervisor', 'Empleado'] as const) {
      const user = await factories.user({ role, companyId: role === 'Administrador' ? null : company.id });
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-requested-with': 'jornada' },
        payload: { username: user.username, password: user.password },
      });
      const cookie = login.cookies.find((entry) => entry.name === 'jornada_session');
      if (!cookie) throw new Error(`no session for ${role}: ${login.body}`);
      sessions[role] = { cookie: `jornada_session=${cookie.value}` };
    }
  });
  afterAll(async () => {
    await app.close();
    await destroy();
  });

  const preloadsOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
  const dataPreloadsOf = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));

  it('preloads the landing and login chunks', async () => {
    expect(preloadsOf((await app.inject({ method: 'GET', url: '/' })).body)).toEqual(['/assets/landing-1.js']);
    const login = await app.inject({ method: 'GET', url: '/login?next=1' });
    expect(login.headers['content-type']).toContain('text/html');
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(preloadsOf(login.body)).toEqual(['/assets/login-1.js']);
  });

  it('preloads the dashboard shell and the screen for a session, the login page without one', async () => {
    const session = sessions.Empleado;
    const overview = await app.inject({ method: 'GET', url: '/dashboard/overview', headers: session });
    expect(preloadsOf(overview.body)).toEqual(['/assets/dashboard-layout-1.js', '/assets/dashboard-1.js', '/assets/overview-1.js']);
    expect(overview.body).toContain('<title>Jornada</title>');
    expect(preloadsOf((await app.inject({ method: 'GET', url: '/dashboard', headers: session })).body)).toContain('/assets/overview-1.js');
    expect(preloadsOf((await app.inject({ method: 'GET', url: '/dashboard/overview' })).body)).toEqual(['/assets/login-1.js']);
    // A cookie that names no live session is no session: the route guard sends the page to /login.
    const stale = await app.inject({ method: 'GET', url: '/dashboard/overview', headers: { cookie: 'jornada_session=whatever' } });
    expect(preloadsOf(stale.body)).toEqual(['/assets/login-1.js']);
    expect(dataPreloadsOf(stale.body)).toEqual([]);
    // Only plain asset paths from the build's file reach the page.
    const hours = await app.inject({ method: 'GET', url: '/dashboard/my-hours', headers: session });
    expect(preloadsOf(hours.body)).toEqual(['/assets/dashboard-layout-1.js', '/assets/dashboard-1.js', '/assets/my-hours-1.js']);
    expect(hours.body).not.toContain('<script>x');
    expect(preloadsOf((await app.inject({ method: 'GET', url: '/dashboard/unknown', headers: session })).body)).toEqual([
      '/assets/dashboard-layout-1.js',
      '/assets/dashboard-1.js',
    ]);
    expect(preloadsOf((await app.inject({ method: 'GET', url: '/somewhere/else' })).body)).toEqual([]);
  });

  it("preloads the overview's GETs for the viewer's role, on the overview only", async () => {
    const calendar = '/api/events/calendar?month=2026-11';
    const bell = '/api/notifications/unread-count';
    const everyone = ['/api/auth/me', '/api/overview/summary', '/api/corrections/summary'];
    const clockIn = ['/api/time-records/active', '/api/time-records/clockable-events', '/api/time-records/mine?limit=5'];
    const expected: Record<RoleName, string[]> = {
      Administrador: [...everyone, calendar],
      Supervisor: [...everyone, ...clockIn, calendar, bell],
      Empleado: [...everyone, '/api/my-vacations', '/api/material-loans/mine?view=pending', ...clockIn, calendar, bell],
    };
    for (const role of ['Administrador', 'Supervisor', 'Empleado'] as const) {
      for (const url of ['/dashboard/overview', '/dashboard', '/dashboard/']) {
        const page = await app.inject({ method: 'GET', url, headers: sessions[role] });
        expect(dataPreloadsOf(page.body).sort(), `${role} ${url}`).toEqual(expected[role].sort());
        expect(page.headers['cache-control']).toBe('private, no-cache');
        expect(page.headers.vary).toBe('Cookie');
      }
      expect(dataPreloadsOf((await app.inject({ method: 'GET', url: '/dashboard/my-hours', headers: sessions[role] })).body)).toEqual([]);
      expect(dataPreloadsOf((await app.inject({ method: 'GET', url: '/login', headers: sessions[role] })).body)).toEqual([]);
    }
    // The session GET first: everything else waits for the role it answers with.
    expect(overviewRequests('Empleado', clock())[0]).toBe('/api/auth/me');
    // The HTML escapes the query's ampersands (none today, but the attribute must stay intact).
    expect((await app.inject({ method: 'GET', url: '/dashboard/overview', headers: sessions.Empleado })).body).not.toMatch(/href="[^"]*&(?!amp;)/);
    // Public pages stay shareable.
    expect((await app.inject({ method: 'GET', url: '/' })).headers['cache-control']).toBe('no-cache');
  });

  it('revalidates with an ETag per variant', async () => {
    const first = await app.inject({ method: 'GET', url: '/login' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await app.inject({ method: 'GET', url: '/login', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
    const head = await app.inject({ method: 'HEAD', url: '/login' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });
});

describe('files that do not exist (issue 25, item 9)', () => {
  it('answer 404, not the app page, so a page of an earlier build can reload itself onto the new one', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'jornada-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>Jornada</title></head><body></body></html>');
    writeFileSync(join(dist, 'assets/index-abc.js'), 'export {};');
    const database = await createTestDatabase();
    await prepareDatabase(database.db, new Date('2026-11-26T08:00:00Z'));
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, webDistDir: dist });
    try {
      for (const url of ['/assets/x.js', '/assets/account-old123.js?v=1', '/assets/style.css', '/favicon-missing.ico', '/dashboard/old-chunk.js']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toMatch(/application\/json/);
        expect(response.json().error.message).toBe('No se ha encontrado el recurso solicitado.');
      }
      expect((await app.inject({ method: 'GET', url: '/assets/index-abc.js' })).statusCode).toBe(200);
      for (const url of ['/dashboard/overview', '/login', '/acceso/abcDEF_-123']) {
        const page = await app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-type'], url).toMatch(/text\/html/);
      }
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});
