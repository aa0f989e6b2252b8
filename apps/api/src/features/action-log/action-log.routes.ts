import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actionLogPageSchema, actionLogQuerySchema } from '@jornada/shared/schemas/action-log';
import { authorize, requireActor } from '../../lib/authorization';
import * as service from './action-log.service';

export async function actionLogRoutes(app: FastifyInstance): Promise<void> {
  const deps = { db: app.db, clock: app.clock };
  app.withTypeProvider<ZodTypeProvider>().get(
    '/action-log',
    {
      schema: {
        tags: ['action-log'],
        summary: 'Registro de acciones, de la más reciente a la más antigua, sin inicios de sesión (paginado)',
        querystring: actionLogQuerySchema,
        response: { 200: actionLogPageSchema },
      },
      preHandler: authorize({ roles: ['Administrador'] }),
    },
    async (request) => service.listActionLog(deps, requireActor(request), request.query),
  );
}
