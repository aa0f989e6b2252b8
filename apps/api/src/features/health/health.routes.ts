import { sql } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultMessages, errorResponseSchema } from '@jornada/shared/errors';
import { healthResponseSchema } from '@jornada/shared/schemas/health';

/**
 * Liveness and readiness for a load balancer or an orchestrator (issue 28 item 2, decision 048):
 * - `/health/live`: the process answers; nothing else is checked, so a database outage never gets
 *   a healthy server restarted.
 * - `/health/ready` (and `/health`, its older name): ok only when the database answers a query, so
 *   a server whose database is gone is taken out of rotation (issue 25), not sent people who then
 *   see errors. While a server shuts down, Fastify answers 503 to new requests (return503OnClosing).
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const schema = (summary: string) => ({ tags: ['health'], summary, response: { 200: healthResponseSchema, 503: errorResponseSchema } });

  const ready = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await sql`select 1`.execute(app.db);
      return { status: 'ok' as const };
    } catch (error) {
      request.log.error({ err: error }, 'health check: the database did not answer');
      return reply.status(503).send({ error: { code: 'SERVICE_UNAVAILABLE', message: defaultMessages.SERVICE_UNAVAILABLE } });
    }
  };
  routes.get('/health', { schema: schema('Estado del servicio (consulta la base de datos)') }, ready);
  routes.get('/health/ready', { schema: schema('Preparado para recibir peticiones (consulta la base de datos)') }, ready);
  routes.get('/health/live', { schema: { tags: ['health'], summary: 'El proceso responde (no consulta la base de datos)', response: { 200: healthResponseSchema } } }, async () => ({ status: 'ok' as const }));
}
