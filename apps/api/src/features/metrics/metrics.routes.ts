import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { notFound, unauthenticated } from '../../lib/errors';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compared as digests, in constant time: the answer tells nothing about how close a guess was. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (\S+)$/i.exec(header ?? '')?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

/**
 * GET /api/metrics in the Prometheus text format (docs/decisions/048), only to a caller with
 * METRICS_TOKEN as its bearer token. Without METRICS_TOKEN the route answers 404: metrics are then
 * either off or served on METRICS_PORT's own listener (features/metrics/metrics-listener.ts).
 */
export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  const token = app.config.metricsToken;
  app.get('/metrics', { schema: { tags: ['metrics'], summary: 'Métricas del servidor en formato Prometheus (con el token de METRICS_TOKEN)' } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!token || !app.metrics) throw notFound('Las métricas no están disponibles en esta dirección.');
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw unauthenticated('Las métricas necesitan el token de METRICS_TOKEN.');
    }
    return reply.type(app.metrics.registry.contentType).send(await app.metrics.registry.metrics());
  });
}
