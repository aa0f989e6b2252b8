import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { prepareDatabase } from '../db/prepare';
import { createTestDatabase } from '../test/test-database';
import { createTestContext } from '../test/test-app';
import { isSecretUrl, logUrlOf, redactSecretUrl, serializeRequestForLog } from './secret-urls';

const token = 'abcdefghijABCDEFGHIJ0123456789_-abcdefghijk';

describe('secret URLs', () => {
  it('masks the access-link token of the page and of the API in the request log', () => {
    expect(redactSecretUrl(`/acceso/${token}`)).toBe('/acceso/[oculto]');
    expect(redactSecretUrl(`/api/public/access/${token}?cursor=x`)).toBe('/api/public/access/[oculto]');
    expect(redactSecretUrl('/api/access-links')).toBe('/api/access-links');
    expect(isSecretUrl('/dashboard/access-links')).toBe(false);
    const line = serializeRequestForLog({ method: 'GET', url: `/api/public/access/${token}`, host: 'localhost', ip: '127.0.0.1' });
    expect(JSON.stringify(line)).not.toContain(token);
    expect(line).toEqual({ method: 'GET', url: '/api/public/access/[oculto]', host: 'localhost', remoteAddress: '127.0.0.1' });
  });

  it('the public page and API answer no-referrer and no-store; other pages keep the default policy', async () => {
    const ctx = await createTestContext();
    try {
      for (const url of [`/acceso/${token}`, `/api/public/access/${token}`]) {
        const response = await ctx.request({ method: 'GET', url });
        expect(response.headers['referrer-policy'], url).toBe('no-referrer');
        expect(response.headers['cache-control'], url).toBe('no-store');
      }
      const other = await ctx.request({ method: 'GET', url: '/api/health' });
      expect(other.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    } finally {
      await ctx.close();
    }
  });
});

describe('the access-link token in the logs, however the path is written (issue 25, item 3)', () => {
  const spellings = [
    `/api/public/access/${token}`,
    `/api/public/acces%73/${token}`,
    `//api/public/access/${token}`,
    `/api/public/access/${token}/download?format=csv`,
    `/api/%70ublic/access/${token}?cursor=x`,
    `/acceso/${token}`,
    `/acces%6F/${token}`,
    `//acceso//${token}`,
    `/ACCESO/${token}`,
  ];

  it('never reaches an access line or an error line', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const database = await createTestDatabase();
    await prepareDatabase(database.db, new Date('2026-11-26T08:00:00Z'));
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'trace' }), database, webDistDir: '/nonexistent', logStream });
    try {
      await app.ready();
      for (const url of spellings) await app.inject({ method: 'GET', url });
      app.accessLog!.flush();
      expect(lines.length).toBeGreaterThanOrEqual(spellings.length);
      for (const line of lines) expect(line).not.toContain(token);
      expect(lines.filter((line) => line.includes('[oculto]')).length).toBeGreaterThanOrEqual(spellings.length);
    } finally {
      await app.close();
      await database.destroy();
    }
  });

  it('is masked by the route that matched, whatever spelling reached it', () => {
    expect(logUrlOf({ url: `/api/public/acces%73/${token}/download`, routeOptions: { url: '/api/public/access/:token/download' }, params: { token } })).toBe('/api/public/access/[oculto]/download');
    expect(redactSecretUrl(`/api/public/acces%73/${token}`)).toBe('/api/public/access/[oculto]');
    expect(redactSecretUrl(`//acceso/${token}?x=1`)).toBe('/acceso/[oculto]');
  });
});
