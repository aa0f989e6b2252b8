import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { prepareDatabase } from '../db/prepare';
import { createTestClock } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import { lazyChildLogger } from './lazy-child-logger';

function collectingStream() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('lazyChildLogger', () => {
  it('makes the child on first use and writes exactly what the child would', () => {
    const { lines, stream } = collectingStream();
    const root = pino({ level: 'info', base: null, timestamp: false }, stream);
    let children = 0;
    const counted = Object.create(root, { child: { value: (...args: Parameters<typeof root.child>) => (children++, root.child(...args)) } }) as typeof root;

    const lazy = lazyChildLogger(counted, { reqId: 'req-7' }, {});
    expect(lazy.level).toBe('info');
    expect(children).toBe(0);
    lazy.info({ a: 1 }, 'hola');
    lazy.error(new Error('fallo'), 'mal');
    lazy.debug('below the level');
    expect(children).toBe(1);
    root.child({ reqId: 'req-7' }).info({ a: 1 }, 'hola');
    expect(lines[0]).toEqual({ level: 30, reqId: 'req-7', a: 1, msg: 'hola' });
    expect(lines[1]).toMatchObject({ level: 50, reqId: 'req-7', msg: 'mal', err: { message: 'fallo' } });
    expect(lines[2]).toEqual(lines[0]);
    expect(lines).toHaveLength(3);
  });

  it('keeps a route-level level and nested children', () => {
    const { lines, stream } = collectingStream();
    const root = pino({ level: 'info', base: null, timestamp: false }, stream);
    const lazy = lazyChildLogger(root, { reqId: 'req-8' }, { level: 'warn' });
    expect(lazy.level).toBe('warn');
    lazy.info('hidden');
    lazy.child({ part: 'x' }).warn('shown');
    expect(lines).toEqual([{ level: 40, reqId: 'req-8', part: 'x', msg: 'shown' }]);
  });
});

describe('request logging through the app', () => {
  const { lines, stream } = collectingStream();
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const clock = createTestClock();
    await prepareDatabase(database.db, clock());
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'info' }), database, clock, webDistDir: '/nonexistent', logStream: stream });
    app.get('/api/test-failure', async () => {
      throw new Error('falla de prueba');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('writes one access line per request with its id, and errors logged through request.log carry the same id', async () => {
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/test-failure' });
    // The error line is written at once; the access lines wait for their block (lib/access-log.ts).
    expect(lines.filter((line) => line.msg === 'request')).toEqual([]);
    app.accessLog!.flush();
    const access = lines.filter((line) => line.msg === 'request');
    expect(access.map((line) => [line.url, line.statusCode])).toEqual([
      ['/api/health', 200],
      ['/api/test-failure', 500],
    ]);
    expect(access.every((line) => typeof line.reqId === 'string' && line.level === 30 && typeof line.ms === 'number')).toBe(true);
    const failure = lines.find((line) => line.msg === 'unhandled error');
    expect(failure).toMatchObject({ level: 50, reqId: access[1]!.reqId, err: { message: 'falla de prueba' } });
  });
});
