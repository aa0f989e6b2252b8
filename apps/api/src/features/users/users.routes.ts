import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, okResponseSchema } from '@jornada/shared/schemas/common';
import { createUserRequestSchema, updateUserRequestSchema, userPageSchema, userSchema, usersQuerySchema } from '@jornada/shared/schemas/users';
import { authorize, requireActor } from '../../lib/authorization';
import { employeeRoutes } from './employees.routes';
import * as service from './users.service';

const adminOnly = authorize({ roles: ['Administrador'] });

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, publicUrl: app.config.publicUrl };

  routes.get(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Listar usuarios (filtro por empresa: all, none o el id de una empresa)',
        querystring: usersQuerySchema,
        response: { 200: userPageSchema },
      },
      preHandler: adminOnly,
    },
    async (request) => service.listUsers(deps, requireActor(request), request.query),
  );

  routes.post(
    '/users',
    { schema: { tags: ['users'], summary: 'Crear un usuario', body: createUserRequestSchema, response: { 201: userSchema } }, preHandler: adminOnly },
    async (request, reply) => reply.code(201).send(await service.createUser(deps, requireActor(request), request.body)),
  );

  routes.put(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Editar un usuario (contraseña en blanco: se mantiene)',
        params: idParamsSchema,
        body: updateUserRequestSchema,
        response: { 200: userSchema },
      },
      preHandler: adminOnly,
    },
    async (request) => service.updateUser(deps, requireActor(request), request.params.id, request.body),
  );

  routes.delete(
    '/users/:id',
    {
      schema: { tags: ['users'], summary: 'Eliminar un usuario (se deshabilita y se conservan sus datos)', params: idParamsSchema, response: { 200: okResponseSchema } },
      preHandler: adminOnly,
    },
    async (request) => {
      await service.deleteUser(deps, requireActor(request), request.params.id);
      return { ok: true as const };
    },
  );

  await app.register(employeeRoutes);
}
