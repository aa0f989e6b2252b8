import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readerRequest } from './route-readers';
import { createWorld, type World } from './world';

/**
 * Issue 25, item 2: a malformed paging cursor is a 400 with a Spanish message on every list route
 * that takes one (found in the OpenAPI document, so a new list route is covered by itself), on
 * both databases. A NUL inside a cursor value used to reach PostgreSQL and come back as a 500.
 */

const encode = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** Cursors of every length a list route uses (1 to 3 values), each broken in its own way. */
const BAD_CURSORS: Record<string, string[]> = {
  'a NUL inside a value': [1, 2, 3].map((n) => encode(['\u0000', ...Array(n - 1).fill('x')])),
  'a NUL after a valid-looking time': [1, 2, 3].map((n) => encode(['2026-11-01T10:00:00.000Z\u0000', ...Array(n - 1).fill('rec_1')])),
  'another control character': [1, 2, 3].map((n) => encode(['\u001b[31m', ...Array(n - 1).fill('x')])),
  'a value too long for any sort key': [1, 2, 3].map((n) => encode(['9'.repeat(201), ...Array(n - 1).fill('x')])),
  'not base64 JSON': ['%%%', encode('not json'), encode('{"a":1}')],
  'values that are not strings': [encode([1]), encode([null, 'x']), encode([['x'], 'y', 'z'])],
  'the wrong number of values': [encode([]), encode(['a', 'b', 'c', 'd'])],
};

let world: World;
let cursorRoutes: string[];

beforeAll(async () => {
  world = await createWorld();
  const openapi = (await world.ctx.app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
  };
  cursorRoutes = Object.entries(openapi.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.parameters?.some((parameter) => parameter.in === 'query' && parameter.name === 'cursor'))
      .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
}, 120_000);
afterAll(() => world?.ctx.close());

describe('malformed paging cursors', () => {
  it('are found on the list routes (the public access link included)', () => {
    expect(cursorRoutes.length).toBeGreaterThanOrEqual(12);
    expect(cursorRoutes).toContain('GET /api/time-records');
    expect(cursorRoutes.some((route) => route.startsWith('GET /api/public/'))).toBe(true);
  });

  it.each(Object.entries(BAD_CURSORS))('with %s answer 400 with a Spanish message on every list route', async (_kind, cursors) => {
    const failures: string[] = [];
    for (const route of cursorRoutes) {
      const reader = await readerRequest(world, route);
      if (!reader) throw new Error(`nobody reads ${route}`);
      const { user, spec } = reader;
      for (const cursor of cursors) {
        const url = `${spec.url}${spec.url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;
        const response = await world.ctx.app.inject({ method: 'GET', url, headers: { 'x-requested-with': 'jornada', ...(user ? { cookie: user.cookie } : {}), ...spec.headers } });
        const message = response.statusCode === 400 ? (response.json() as { error?: { message?: string } }).error?.message : undefined;
        if (response.statusCode !== 400 || !message || !/cursor|paginaci/i.test(message)) failures.push(`${route} ${url}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
