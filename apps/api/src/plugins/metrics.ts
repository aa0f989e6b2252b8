import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { createMetrics } from '../features/metrics/metrics-registry';
import type { Clock } from '../lib/clock';

/** Accepted punches by route and answer: the clock-in counter's source (a renamed route fails metrics.test.ts). */
const PUNCH_ROUTES: Record<string, { status: number; kind: 'entrada' | 'salida' | 'sin_conexion' }> = {
  'POST /api/time-records/start': { status: 201, kind: 'entrada' },
  'POST /api/time-records/:id/stop': { status: 200, kind: 'salida' },
  // 201: a queued punch accepted now; 200 is the same punch sent again, already counted.
  'POST /api/time-records/offline-punches': { status: 201, kind: 'sin_conexion' },
};

/**
 * Request metrics (docs/decisions/048), only when someone can read them (METRICS_TOKEN or
 * METRICS_PORT): otherwise nothing is measured, and requests pay nothing for it.
 */
export function registerMetrics(app: FastifyInstance, database: Database, clock: Clock): void {
  const enabled = app.config.metricsToken !== undefined || app.config.metricsPort !== undefined;
  const metrics = enabled ? createMetrics(database, clock) : null;
  app.decorate('metrics', metrics);
  if (!metrics) return;
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern, never the address: ids and tokens would make a series per request.
    const route = request.routeOptions.url ?? 'sin_ruta';
    metrics.httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    const punch = PUNCH_ROUTES[`${request.method} ${route}`];
    if (punch && reply.statusCode === punch.status) metrics.clockIns.inc({ kind: punch.kind });
    done();
  });
}
