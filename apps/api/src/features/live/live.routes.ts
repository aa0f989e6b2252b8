import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { liveQuerySchema, liveResponseSchema } from '@jornada/shared/schemas/live';
import { authorize, requireActor } from '../../lib/authorization';
import { getLiveView } from './live.service';

export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };

  routes.get(
    '/live',
    {
      schema: {
        tags: ['live'],
        summary: 'Ahora: turnos en curso y próximos, con el estado de cada persona asignada',
        querystring: liveQuerySchema,
        response: { 200: liveResponseSchema },
      },
      preHandler: authorize({ roles: ['Supervisor', 'Administrador'], view: 'live' }),
    },
    async (request) => getLiveView(deps, requireActor(request), request.query),
  );
}
