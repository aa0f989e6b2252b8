import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { prepareDatabase } from './db/prepare';
import { createTestContext, type TestContext } from './test/test-app';
import { createTestDatabase } from './test/test-database';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    beforeReady: (app) => {
      app.get('/api/probe/explode', async () => {
        throw new Error('secret internal detail: /etc/passwd');
      });
    },
  });
});
afterAll(() => ctx.close());

describe('the HTTP contract', () => {
  it('answers /api/health once migrations have run', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers /api/health 503 when the database cannot be queried (issue 25, item 9)', async () => {
    const database = await createTestDatabase();
    await prepareDatabase(database.db, new Date('2026-11-26T08:00:00Z'));
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, webDistDir: '/nonexistent' });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await database.destroy();
      const down = await app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos.' } });
    } finally {
      await app.close();
    }
  });

  it('publishes an OpenAPI 3 document of every API operation', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.openapi).toMatch(/^3\./);
    const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(expect.arrayContaining(['GET /api/health', 'POST /api/auth/login', 'POST /api/auth/logout', 'GET /api/auth/me']));
    // Every /api operation the server registered (but the docs themselves and test probes) is documented.
    const registered = ctx.app.registeredRoutes
      .filter(({ url, method }) => url.startsWith('/api/') && !url.startsWith('/api/docs') && !url.startsWith('/api/probe') && url !== '/api/openapi.json' && method !== 'HEAD')
      .map(({ method, url }) => `${method} ${url.replace(/:(\w+)/g, '{$1}')}`);
    expect(registered.length).toBeGreaterThan(20);
    expect(operations.sort()).toEqual(expect.arrayContaining(registered.sort()));
    expect(registered.length).toBe(operations.filter((operation) => !operation.includes('/api/probe')).length);
  });

  it('gives every operation a tag and a Spanish summary', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operations = Object.entries(document.paths as Record<string, Record<string, { tags?: string[]; summary?: string }>>)
      .filter(([path]) => !path.startsWith('/api/probe'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ name: `${method} ${path}`, ...operation })));
    const undocumented = operations.filter((operation) => !operation.tags?.length || !/^[A-ZÁÉÍÓÚ¿][^\n]+$/.test(operation.summary ?? ''));
    expect(undocumented.map((operation) => operation.name)).toEqual([]);
  });

  it('serves a browsable documentation page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('sends the security headers and hides the framework', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    // An API answer is never a page: its policy loads nothing at all (decision 022).
    expect(csp).toBe("default-src 'none'; frame-ancestors 'none'");
    // Pages carry the app's policy: our own scripts only, never eval, never framed.
    const page = String((await ctx.app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy']);
    expect(page).toContain("script-src 'self'");
    expect(page).toContain("frame-ancestors 'none'");
    expect(page).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No se ha encontrado el recurso solicitado.' } });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('hides internals behind a generic 500', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/probe/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'Ha ocurrido un error inesperado. Inténtalo de nuevo más tarde.' } });
    expect(response.body).not.toContain('passwd');
  });

  it('answers malformed JSON with a Spanish 400', async () => {
    const response = await ctx.request({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'VALIDATION_ERROR', message: 'El cuerpo de la solicitud no es JSON válido.' });
  });
});

describe('the single-page app', () => {
  it('serves index.html for client routes and files from the build', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'jornada-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Jornada</title>');
    writeFileSync(join(dist, 'assets', 'app-123.js'), 'console.log(1)');
    const database = openDatabase('sqlite::memory:');
    await prepareDatabase(database.db, new Date());
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, webDistDir: dist });
    try {
      const route = await app.inject({ method: 'GET', url: '/dashboard/overview' });
      expect(route.statusCode).toBe(200);
      expect(route.body).toContain('<title>Jornada</title>');
      expect(route.headers['cache-control']).toBe('no-cache');
      expect(route.headers['content-security-policy']).toBeDefined();
      const asset = await app.inject({ method: 'GET', url: '/assets/app-123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await app.inject({ method: 'GET', url: '/api/unknown' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await database.destroy();
    }
  });
  it('sends the precompressed copy of an asset the browser can decode, and index.html as it is', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'jornada-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Jornada</title>');
    writeFileSync(join(dist, 'assets', 'app-123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'app-123.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(join(dist, 'assets', 'app-123.js.gz'), gzipSync('console.log(1)'));
    const database = openDatabase('sqlite::memory:');
    await prepareDatabase(database.db, new Date());
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, webDistDir: dist });
    try {
      const br = await app.inject({ method: 'GET', url: '/assets/app-123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toContain('javascript');
      expect(br.headers['cache-control']).toContain('immutable');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
      const gz = await app.inject({ method: 'GET', url: '/assets/app-123.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
      const plain = await app.inject({ method: 'GET', url: '/assets/app-123.js', headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe('console.log(1)');
      // No compressed copy of index.html: the client route still gets the page itself.
      const page = await app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip, br' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Jornada</title>');
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});
