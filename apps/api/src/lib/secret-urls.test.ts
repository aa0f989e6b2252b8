import { describe, expect, it } from 'vitest';
import { createTestContext } from '../test/test-app';
import { isSecretUrl, redactSecretUrl, serializeRequestForLog } from './secret-urls';

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
