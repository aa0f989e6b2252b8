import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/database';
import { prepareDatabase } from '../../db/prepare';
import { createTestDatabase } from '../test-database';
import { securityProblems } from './header-checks';

/**
 * Issue 9, item 8: the security headers are on every kind of answer the server gives (API JSON,
 * the SPA's HTML, a static asset, 404s of the API and outside it, client and server errors, the
 * request the router cannot even parse), and nothing tells which framework or version serves them.
 * HSTS only when the configuration says the site is behind TLS (COOKIE_SECURE).
 */

interface Served {
  app: FastifyInstance;
  database: Database;
}

const dist = mkdtempSync(join(tmpdir(), 'jornada-headers-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="es"><title>Jornada</title><script type="module" src="/assets/app-1a2b.js"></script></html>');
writeFileSync(join(dist, 'assets', 'app-1a2b.js'), 'console.log("jornada")');
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

async function serve(env: Record<string, string>): Promise<Served> {
  const database = await createTestDatabase();
  await prepareDatabase(database.db, new Date());
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }), database, webDistDir: dist });
  // A handler that fails unexpectedly: the generic 500 must carry the headers too.
  app.get('/api/probe/explode', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return { app, database };
}

let plain: Served;
let secure: Served;

beforeAll(async () => {
  plain = await serve({});
  secure = await serve({ COOKIE_SECURE: 'true' });
});
afterAll(async () => {
  for (const served of [plain, secure]) {
    await served?.app.close();
    await served?.database.destroy();
  }
});

const json = { 'x-requested-with': 'jornada' };
/** Every kind of answer, with the status it must have. */
const answers: { name: string; request: InjectOptions; status: number }[] = [
  { name: 'API JSON', request: { method: 'GET', url: '/api/health' }, status: 200 },
  { name: 'API HEAD', request: { method: 'HEAD', url: '/api/health' }, status: 200 },
  { name: 'OpenAPI document', request: { method: 'GET', url: '/api/openapi.json' }, status: 200 },
  { name: 'API documentation page', request: { method: 'GET', url: '/api/docs/' }, status: 200 },
  { name: 'SPA page', request: { method: 'GET', url: '/' }, status: 200 },
  { name: 'SPA client route (reload)', request: { method: 'GET', url: '/dashboard/overview' }, status: 200 },
  { name: 'SPA unknown route (the app shows its own 404)', request: { method: 'GET', url: '/no-existe/en-absoluto' }, status: 200 },
  { name: 'static asset', request: { method: 'GET', url: '/assets/app-1a2b.js' }, status: 200 },
  { name: 'static file at the root', request: { method: 'GET', url: '/favicon.svg' }, status: 200 },
  { name: 'API 404', request: { method: 'GET', url: '/api/no-existe' }, status: 404 },
  { name: 'non-API 404 (POST outside /api)', request: { method: 'POST', url: '/no-existe', headers: json, payload: {} }, status: 404 },
  { name: '401 signed out', request: { method: 'GET', url: '/api/auth/me' }, status: 401 },
  { name: '403 CSRF', request: { method: 'POST', url: '/api/auth/logout' }, status: 403 },
  { name: '400 malformed JSON', request: { method: 'POST', url: '/api/auth/login', headers: { ...json, 'content-type': 'application/json' }, payload: '{"username":' }, status: 400 },
  { name: '400 validation', request: { method: 'POST', url: '/api/auth/login', headers: json, payload: { username: 1 } }, status: 400 },
  { name: '413 body too large', request: { method: 'POST', url: '/api/auth/login', headers: { ...json, 'content-type': 'application/json' }, payload: `{"username":"${'x'.repeat(1_100_000)}"}` }, status: 413 },
  { name: '415 unsupported body', request: { method: 'POST', url: '/api/auth/login', headers: { ...json, 'content-type': 'application/xml' }, payload: '<a/>' }, status: 403 },
  { name: '500 unexpected failure', request: { method: 'GET', url: '/api/probe/explode' }, status: 500 },
  { name: 'URL the router cannot decode', request: { method: 'GET', url: '/api/%zz' }, status: 400 },
];

describe('security headers on every kind of answer', () => {
  it.each(answers)('$name', async ({ request, status }) => {
    for (const [served, hsts] of [[plain, false], [secure, true]] as const) {
      const response = await served.app.inject(request);
      expect(response.statusCode).toBe(status);
      expect(securityProblems(response, { hsts })).toEqual([]);
      if (status >= 400 && request.method !== 'HEAD') expect(response.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    }
  });

  it('counts the answers checked', () => {
    console.log(`headers: ${answers.length} kinds of answer × 2 configurations (plain HTTP, COOKIE_SECURE) checked`);
    expect(answers.length).toBeGreaterThanOrEqual(15);
  });
});
