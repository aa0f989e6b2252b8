import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessLog, type AccessLogEntry } from './access-log';

const entry = (index: number, overrides: Partial<AccessLogEntry> = {}): AccessLogEntry => ({
  reqId: `req-${index}`,
  method: 'GET',
  url: '/api/auth/me',
  statusCode: 200,
  ms: 0.4,
  ...overrides,
});

function collect() {
  const writes: string[] = [];
  return { writes, write: (text: string) => void writes.push(text) };
}

describe('AccessLog', () => {
  afterEach(() => vi.useRealTimers());

  it('writes the very line pino writes for the same fields', () => {
    const time = Date.UTC(2026, 10, 25, 3, 0, 0);
    let pinoLine = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        pinoLine = String(chunk);
        done();
      },
    });
    const root = pino({ level: 'info', timestamp: () => `,"time":${time}` }, stream);
    const { writes, write } = collect();
    const log = new AccessLog({ write, now: () => time });
    // Quotes, a backslash, non-ASCII and a control character: escaped the same way on both sides.
    const tricky = entry(7, { url: '/api/x?q="a\\b"&n=Ñandú\u0001', method: 'POST', statusCode: 422, ms: 12.3 });
    root.info({ reqId: tricky.reqId, method: tricky.method, url: tricky.url, statusCode: tricky.statusCode, ms: tricky.ms }, 'request');
    log.record(tricky);
    log.flush();
    expect(writes).toEqual([pinoLine]);
    expect(JSON.parse(writes[0]!)).toMatchObject({ level: 30, time, pid: process.pid, reqId: 'req-7', url: tricky.url, statusCode: 422, ms: 12.3, msg: 'request' });
  });

  it('keeps lines until a block is full, then writes them in one piece, in order', () => {
    const { writes, write } = collect();
    const log = new AccessLog({ write, blockChars: 1000 });
    const lineLength = (() => {
      const probe = collect();
      const one = new AccessLog({ write: probe.write });
      one.record(entry(10));
      one.flush();
      return probe.writes[0]!.length;
    })();
    const perBlock = Math.ceil(1000 / lineLength);
    for (let index = 10; index < 10 + perBlock - 1; index += 1) log.record(entry(index));
    expect(writes).toEqual([]);
    log.record(entry(10 + perBlock - 1));
    expect(writes).toHaveLength(1);
    const lines = writes[0]!.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { reqId: string });
    expect(lines.map((line) => line.reqId)).toEqual(Array.from({ length: perBlock }, (_, index) => `req-${10 + index}`));
    log.flush();
    expect(writes).toHaveLength(1);
  });

  it('writes a partial block one flush interval after its first line', () => {
    vi.useFakeTimers();
    const { writes, write } = collect();
    const log = new AccessLog({ write, flushMs: 1000 });
    log.record(entry(1));
    vi.advanceTimersByTime(600);
    log.record(entry(2));
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(400);
    expect(writes).toHaveLength(1);
    expect(writes[0]!.split('\n').filter(Boolean)).toHaveLength(2);
    // Nothing pending: no timer, no empty write.
    vi.advanceTimersByTime(5000);
    expect(writes).toHaveLength(1);
  });

  it('writes what is pending when flushed (the app does it on close)', () => {
    const { writes, write } = collect();
    const log = new AccessLog({ write });
    log.record(entry(1, { ms: Number.NaN }));
    log.flush();
    expect(JSON.parse(writes[0]!)).toMatchObject({ reqId: 'req-1', ms: null });
  });
});
