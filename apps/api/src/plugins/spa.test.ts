import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { prepareDatabase } from '../db/prepare';

describe('index.html with the modulepreload links of its page', () => {
  let app: FastifyInstance;
  let destroy: () => Promise<void>;

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
    const database = openDatabase('sqlite::memory:');
    await prepareDatabase(database.db, new Date());
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, webDistDir: dist });
    destroy = () => database.destroy();
  });
  afterAll(async () => {
    await app.close();
    await destroy();
  });

  const preloadsOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
  const session = { cookie: 'jornada_session=whatever' };

  it('preloads the landing and login chunks', async () => {
    expect(preloadsOf((await app.inject({ method: 'GET', url: '/' })).body)).toEqual(['/assets/landing-1.js']);
    const login = await app.inject({ method: 'GET', url: '/login?next=1' });
    expect(login.headers['content-type']).toContain('text/html');
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(preloadsOf(login.body)).toEqual(['/assets/login-1.js']);
  });

  it('preloads the dashboard shell and the screen for a session, the login page without one', async () => {
    const overview = await app.inject({ method: 'GET', url: '/dashboard/overview', headers: session });
    expect(preloadsOf(overview.body)).toEqual(['/assets/dashboard-layout-1.js', '/assets/dashboard-1.js', '/assets/overview-1.js']);
    expect(overview.body).toContain('<title>Jornada</title>');
    expect(preloadsOf((await app.inject({ method: 'GET', url: '/dashboard', headers: session })).body)).toContain('/assets/overview-1.js');
    expect(preloadsOf((await app.inject({ method: 'GET', url: '/dashboard/overview' })).body)).toEqual(['/assets/login-1.js']);
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
