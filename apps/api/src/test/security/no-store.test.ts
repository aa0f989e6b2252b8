import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeMatrix } from './route-matrix';
import { readerRequest } from './route-readers';
import { createWorld, type World } from './world';

/**
 * Issue 25, item 4 (ASVS 5.0 V14.3.2): every API answer and every file download is `no-store`, so no
 * browser cache or proxy keeps personal data. Checked over the whole route table: each operation as
 * the first actor that may use it, on a successful answer, and on a refusal.
 */

let world: World;
beforeAll(async () => {
  world = await createWorld();
}, 120_000);
afterAll(() => world?.ctx.close());

describe('Cache-Control on API answers', () => {
  it('is no-store on every successful answer of every operation (downloads included)', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const matrixRow of routeMatrix) {
      const [method] = matrixRow.route.split(' ');
      // The API documentation pages are public and hold no personal data; they keep their own caching.
      if (method === 'HEAD' || matrixRow.route.startsWith(`${method} /api/docs`)) continue;
      const reader = await readerRequest(world, matrixRow.route);
      if (!reader) continue;
      const { user, spec } = reader;
      const cookie = spec.cookie === undefined ? user?.cookie : (spec.cookie ?? undefined);
      const response = await world.ctx.app.inject({
        method: method as 'GET',
        url: spec.url,
        payload: spec.payload,
        headers: { 'x-requested-with': 'jornada', ...(cookie ? { cookie } : {}), ...spec.headers },
      });
      if (response.statusCode >= 300) continue;
      checked++;
      if (response.headers['cache-control'] !== 'no-store') failures.push(`${matrixRow.route} (${spec.url}) ${response.statusCode}: Cache-Control ${String(response.headers['cache-control'])}`);
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(routeMatrix.length / 2);
  });

  it('is no-store on refusals and on unknown API paths too', async () => {
    for (const url of ['/api/time-records', '/api/employees', '/api/auth/me', '/api/no-such-thing']) {
      const response = await world.ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});
