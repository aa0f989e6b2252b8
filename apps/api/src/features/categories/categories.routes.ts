import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categoryListResponseSchema, categoryRequestSchema, categorySchema } from '@jornada/shared/schemas/categories';
import { idParamsSchema, okResponseSchema } from '@jornada/shared/schemas/common';
import { authorize, requireActor } from '../../lib/authorization';
import * as service from './categories.service';

const adminOnly = authorize({ roles: ['Administrador'] });

export async function categoryRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };

  routes.get(
    '/categories',
    {
      schema: {
        tags: ['categories'],
        summary: 'Listar categorías (el administrador ve todas; los demás, las de su empresa)',
        response: { 200: categoryListResponseSchema },
      },
      preHandler: authorize(),
    },
    async (request) => service.listCategories(deps, requireActor(request)),
  );

  routes.post(
    '/categories',
    {
      schema: { tags: ['categories'], summary: 'Crear una categoría', body: categoryRequestSchema, response: { 201: categorySchema } },
      preHandler: adminOnly,
    },
    async (request, reply) => reply.code(201).send(await service.createCategory(deps, requireActor(request), request.body)),
  );

  routes.put(
    '/categories/:id',
    {
      schema: {
        tags: ['categories'],
        summary: 'Editar una categoría: detalles, empresas y documentos requeridos',
        params: idParamsSchema,
        body: categoryRequestSchema,
        response: { 200: categorySchema },
      },
      preHandler: adminOnly,
    },
    async (request) => service.updateCategory(deps, requireActor(request), request.params.id, request.body),
  );

  routes.delete(
    '/categories/:id',
    {
      schema: {
        tags: ['categories'],
        summary: 'Eliminar una categoría (se quita de empresas y usuarios)',
        params: idParamsSchema,
        response: { 200: okResponseSchema },
      },
      preHandler: adminOnly,
    },
    async (request) => {
      await service.deleteCategory(deps, requireActor(request), request.params.id);
      return { ok: true as const };
    },
  );
}
