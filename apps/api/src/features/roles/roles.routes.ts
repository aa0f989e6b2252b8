import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, okResponseSchema } from '@jornada/shared/schemas/common';
import { deleteRoleQuerySchema, roleCompaniesRequestSchema, roleListResponseSchema, roleRequestSchema, roleSchema } from '@jornada/shared/schemas/roles';
import { authorize, requireActor } from '../../lib/authorization';
import * as service from './roles.service';

const adminOnly = authorize({ roles: ['Administrador'] });

export async function roleRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };

  routes.get(
    '/roles',
    { schema: { tags: ['roles'], summary: 'Listar roles', response: { 200: roleListResponseSchema } }, preHandler: adminOnly },
    async (request) => service.listRoles(deps, requireActor(request)),
  );

  routes.post(
    '/roles',
    { schema: { tags: ['roles'], summary: 'Crear un rol', body: roleRequestSchema, response: { 201: roleSchema } }, preHandler: adminOnly },
    async (request, reply) => reply.code(201).send(await service.createRole(deps, requireActor(request), request.body)),
  );

  routes.put(
    '/roles/:id',
    {
      schema: { tags: ['roles'], summary: 'Editar un rol', params: idParamsSchema, body: roleRequestSchema, response: { 200: roleSchema } },
      preHandler: adminOnly,
    },
    async (request) => service.updateRole(deps, requireActor(request), request.params.id, request.body),
  );

  routes.delete(
    '/roles/:id',
    {
      schema: {
        tags: ['roles'],
        summary: 'Eliminar un rol (no los roles por defecto); quienes lo tienen pasan al rol moveTo',
        params: idParamsSchema,
        querystring: deleteRoleQuerySchema,
        response: { 200: okResponseSchema },
      },
      preHandler: adminOnly,
    },
    async (request) => {
      await service.deleteRole(deps, requireActor(request), request.params.id, request.query);
      return { ok: true as const };
    },
  );

  routes.put(
    '/roles/:id/companies',
    {
      schema: {
        tags: ['roles'],
        summary: 'Asignar un rol a empresas',
        params: idParamsSchema,
        body: roleCompaniesRequestSchema,
        response: { 200: roleSchema },
      },
      preHandler: adminOnly,
    },
    async (request) => service.saveRoleCompanies(deps, requireActor(request), request.params.id, request.body),
  );
}
