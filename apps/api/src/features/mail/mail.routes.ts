import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailListQuerySchema, mailPageSchema } from '@jornada/shared/schemas/mail';
import { authorize } from '../../lib/authorization';
import * as service from './mail.service';

export async function mailRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  routes.get(
    '/admin/mails',
    {
      schema: { tags: ['mail'], summary: 'Correos enviados: la bandeja de salida, del más reciente al más antiguo', querystring: mailListQuerySchema, response: { 200: mailPageSchema } },
      preHandler: authorize({ roles: ['Administrador'] }),
    },
    async (request) => service.listOutbox(deps, request.query),
  );
}
