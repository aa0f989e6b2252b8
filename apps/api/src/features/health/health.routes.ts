import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultMessages, errorResponseSchema } from '@jornada/shared/errors';
import { healthResponseSchema } from '@jornada/shared/schemas/health';

/**
 * Ok only when the database answers a query: a load balancer must take a server whose database is
 * gone out of rotation (issue 25), not keep sending it people who then see errors.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    { schema: { tags: ['health'], summary: 'Estado del servicio (consulta la base de datos)', response: { 200: healthResponseSchema, 503: errorResponseSchema } } },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: the database did not answer');
        return reply.status(503).send({ error: { code: 'SERVICE_UNAVAILABLE', message: defaultMessages.SERVICE_UNAVAILABLE } });
      }
    },
  );
}
