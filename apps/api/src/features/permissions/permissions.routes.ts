import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companyParamsSchema } from '@jornada/shared/schemas/companies';
import { companyPermissionsSchema, updatePermissionsRequestSchema } from '@jornada/shared/schemas/permissions';
import { authorize, requireActor } from '../../lib/authorization';
import * as service from './permissions.service';

const adminOnly = authorize({ roles: ['Administrador'] });

export async function permissionRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };

  routes.get(
    '/permissions/:companyId',
    {
      schema: {
        tags: ['permissions'],
        summary: 'Ver las vistas concedidas a cada rol de una empresa',
        params: companyParamsSchema,
        response: { 200: companyPermissionsSchema },
      },
      preHandler: adminOnly,
    },
    async (request) => service.getCompanyPermissions(deps, requireActor(request), request.params.companyId),
  );

  routes.put(
    '/permissions/:companyId',
    {
      schema: {
        tags: ['permissions'],
        summary: 'Guardar las vistas concedidas a los roles de una empresa',
        params: companyParamsSchema,
        body: updatePermissionsRequestSchema,
        response: { 200: companyPermissionsSchema },
      },
      preHandler: adminOnly,
    },
    async (request) => service.saveCompanyPermissions(deps, requireActor(request), request.params.companyId, request.body),
  );
}
