import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@jornada/shared/schemas/common';
import { companySettingsSchema, updateCompanySettingsRequestSchema } from '@jornada/shared/schemas/company-settings';
import { authorize, requireActor } from '../../lib/authorization';
import * as service from './company-settings.service';

const adminOnly = authorize({ roles: ['Administrador'] });
const tags = ['companies'];

export async function companySettingsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };

  routes.get(
    '/companies/:id/settings',
    {
      schema: { tags, summary: 'Ver los ajustes de fichaje de una empresa (fuera de zona, cierre automático)', params: idParamsSchema, response: { 200: companySettingsSchema } },
      preHandler: adminOnly,
    },
    async (request) => service.readCompanySettings(deps, requireActor(request), request.params.id),
  );

  routes.put(
    '/companies/:id/settings',
    {
      schema: {
        tags,
        summary: 'Guardar los ajustes de fichaje de una empresa',
        params: idParamsSchema,
        body: updateCompanySettingsRequestSchema,
        response: { 200: companySettingsSchema },
      },
      preHandler: adminOnly,
    },
    async (request) => service.saveCompanySettings(deps, requireActor(request), request.params.id, request.body),
  );
}
