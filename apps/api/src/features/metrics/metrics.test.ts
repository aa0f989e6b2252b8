import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { newId } from '../../lib/ids';
import { insertTestEvent } from '../../test/factories';
import { signInAs } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-app';
import { startMetricsListener } from './metrics-listener';

const TOKEN = 'token-de-metricas-de-prueba-0123456789';
const here = { lat: 40.4168, lng: -3.7038, accuracy: 10 };

let ctx: TestContext;

/** The value of one series (`name{labels}` exactly as exposed), or undefined when absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(): Promise<string> {
  const response = await ctx.request({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  return response.body;
}

async function addJob(status: 'pending' | 'dead', runAt: Date, attempts = 0) {
  const now = ctx.clock().toISOString();
  await ctx.db
    .insertInto('jobs')
    .values({ id: newId('job'), kind: 'metrics.test', payload: 'null', status, attempts, max_attempts: 5, run_at: runAt.toISOString(), locked_until: null, last_error: status === 'dead' ? 'falló' : null, created_at: now, finished_at: status === 'dead' ? now : null })
    .execute();
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => ctx.close());

describe('GET /api/metrics with METRICS_TOKEN', () => {
  it('is refused without the token, with a wrong one, and to a signed-in administrator without it', async () => {
    const admin = await signInAs(ctx, 'Administrador');
    for (const headers of [{}, { authorization: 'Bearer otro-token-de-metricas-0123456789' }, { authorization: TOKEN }, { authorization: `Basic ${TOKEN}` }]) {
      const response = await ctx.request({ method: 'GET', url: '/api/metrics', headers, cookie: admin.cookie });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json().error.message).toBe('Las métricas necesitan el token de METRICS_TOKEN.');
      expect(response.body).not.toContain('jornada_');
    }
  });

  it('serves the Prometheus text: latency per route pattern, never an id', async () => {
    const company = await ctx.factories.company('Métricas S.L.');
    const supervisor = await signInAs(ctx, 'Supervisor', company.id);
    const event = await insertTestEvent(ctx.db, { companyId: company.id, start: new Date(ctx.clock().getTime() - 3_600_000).toISOString(), end: new Date(ctx.clock().getTime() + 3_600_000).toISOString() });
    expect((await ctx.request({ method: 'GET', url: `/api/events/${event.id}`, cookie: supervisor.cookie })).statusCode).toBe(200);
    await ctx.request({ method: 'GET', url: '/api/health/live' });
    await ctx.request({ method: 'GET', url: '/api/no-existe/abc' });

    const response = await ctx.request({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    expect(text).toContain('# TYPE jornada_http_request_duration_seconds histogram');
    expect(valueOf(text, 'jornada_http_request_duration_seconds_count{method="GET",route="/api/events/:id",status="200"}')).toBe(1);
    expect(valueOf(text, 'jornada_http_request_duration_seconds_count{method="GET",route="/api/health/live",status="200"}')).toBe(1);
    expect(valueOf(text, 'jornada_http_request_duration_seconds_bucket{le="10",method="GET",route="/api/health/live",status="200"}')).toBe(1);
    expect(text).not.toContain(event.id);
    expect(text).not.toContain('no-existe');
    expect(text).toContain('jornada_process_resident_memory_bytes');
    expect(valueOf(text, 'jornada_database_up')).toBe(1);
    expect(valueOf(text, `jornada_database_size_bytes{dialect="${ctx.database.dialect}"}`)).toBeGreaterThan(0);
    if (ctx.database.dialect === 'postgres') expect(valueOf(text, 'jornada_database_pool_connections{state="total"}')).toBeGreaterThan(0);
  });

  it('counts accepted clock-ins and clock-outs, not refused ones', async () => {
    const company = await ctx.factories.company('Fichajes S.L.');
    const employee = await signInAs(ctx, 'Empleado', company.id);
    const now = ctx.clock().getTime();
    const event = await insertTestEvent(ctx.db, { companyId: company.id, start: new Date(now - 3_600_000).toISOString(), end: new Date(now + 3_600_000).toISOString(), assignedTo: [employee.id] });
    const before = await scrape();
    const entradas = valueOf(before, 'jornada_clock_ins_total{kind="entrada"}') ?? 0;
    const started = await ctx.request({ method: 'POST', url: '/api/time-records/start', cookie: employee.cookie, payload: { eventId: event.id, location: here } });
    expect(started.statusCode).toBe(201);
    // A second clock-in while the first runs is refused, and not counted.
    expect((await ctx.request({ method: 'POST', url: '/api/time-records/start', cookie: employee.cookie, payload: { eventId: event.id, location: here } })).statusCode).toBeGreaterThanOrEqual(400);
    const stopped = await ctx.request({ method: 'POST', url: `/api/time-records/${started.json().id}/stop`, cookie: employee.cookie, payload: { location: here } });
    expect(stopped.statusCode).toBe(200);
    const after = await scrape();
    expect(valueOf(after, 'jornada_clock_ins_total{kind="entrada"}')).toBe(entradas + 1);
    expect(valueOf(after, 'jornada_clock_ins_total{kind="salida"}')).toBe((valueOf(before, 'jornada_clock_ins_total{kind="salida"}') ?? 0) + 1);
  });

  it('reports the job queue from the database: due, dead and retrying jobs, and how long the oldest has waited', async () => {
    const before = await scrape();
    const now = ctx.clock().getTime();
    await addJob('pending', new Date(now - 120_000));
    await addJob('pending', new Date(now + 3_600_000), 2);
    await addJob('dead', new Date(now - 600_000), 5);
    const after = await scrape();
    const delta = (series: string) => (valueOf(after, series) ?? 0) - (valueOf(before, series) ?? 0);
    expect(delta('jornada_jobs{status="pending"}')).toBe(2);
    expect(delta('jornada_jobs{status="dead"}')).toBe(1);
    expect(delta('jornada_jobs_due')).toBe(1);
    expect(delta('jornada_jobs_retrying')).toBe(1);
    expect(valueOf(after, 'jornada_jobs_oldest_due_seconds')).toBeGreaterThanOrEqual(120);
  });
});

describe('without METRICS_TOKEN', () => {
  it('measures nothing and answers 404', async () => {
    const plain = await createTestContext();
    try {
      expect(plain.app.metrics).toBeNull();
      const response = await plain.request({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Las métricas no están disponibles en esta dirección.');
    } finally {
      await plain.close();
    }
  });
});

describe('METRICS_PORT', () => {
  it('a separate listener serves /metrics without a token, and nothing else', async () => {
    const listener = await startMetricsListener(ctx.app.metrics!.registry, '127.0.0.1', 0);
    try {
      const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
      const metrics = await fetch(`${base}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('jornada_database_up 1');
      expect((await fetch(`${base}/api/events`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });

  it('is checked at start: a short token, a bad port or the app’s own port are refused', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'corto' })).toThrow('METRICS_TOKEN must have at least 24 characters');
    expect(() => loadConfig({ METRICS_PORT: 'noventa' })).toThrow('METRICS_PORT is not a valid port');
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow('METRICS_PORT must differ from PORT');
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
  });
});
