import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { formatAccessLine, registerRequestLog } from './request-log';

describe('the development access log (npm start without NODE_ENV=production)', () => {
  it('writes one plain line a request through the root logger, not an object that prints as six lines', async () => {
    const app = Fastify({ logger: { level: 'info', enabled: true, stream: { write: () => {} } }, disableRequestLogging: true });
    registerRequestLog(app, 'info', undefined);
    app.get('/api/things', async () => ({ ok: true }));
    const info = vi.spyOn(app.log, 'info');
    await app.inject({ method: 'GET', url: '/api/things?x=1' });
    const lines = info.mock.calls.map((call) => call as unknown[]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveLength(1);
    expect(lines[0]![0]).toMatch(/^GET \/api\/things\?x=1 200 \d+(\.\d)? ms #req-/);
    await app.close();
  });

  it('reads method, path, status, milliseconds and the request id', () => {
    expect(formatAccessLine({ reqId: 'req-1', method: 'POST', url: '/api/time-records', statusCode: 201, ms: 1.5 })).toBe('POST /api/time-records 201 1.5 ms #req-1');
  });
});
