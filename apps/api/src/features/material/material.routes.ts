import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, okResponseSchema } from '@jornada/shared/schemas/common';
import {
  addStockRequestSchema,
  createMaterialRequestSchema,
  materialItemParamsSchema,
  materialListQuerySchema,
  materialListResponseSchema,
  materialSchema,
  updateStockRequestSchema,
} from '@jornada/shared/schemas/material';
import { authorize, requireActor } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { loanRoutes } from './loans.routes';
import { addStock, createMaterial, deleteMaterial, listMaterials, updateStock } from './material.service';

const manage = authorize({ roles: ['Supervisor', 'Administrador'] });
const tags = ['material'];

/** Gestionar Material (spec screen 20); the loans' routes are registered beside them. */
export async function materialRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps: ServiceDeps = { db: app.db, clock: app.clock };

  routes.get(
    '/material',
    { schema: { tags, summary: 'Gestionar material: tipos con sus tallas y stock', querystring: materialListQuerySchema, response: { 200: materialListResponseSchema } }, preHandler: manage },
    async (request) => listMaterials(deps, requireActor(request), request.query),
  );

  routes.post(
    '/material',
    { schema: { tags, summary: 'Añadir un material con sus tallas', body: createMaterialRequestSchema, response: { 201: materialSchema } }, preHandler: manage },
    async (request, reply) => reply.status(201).send(await createMaterial(deps, requireActor(request), request.body)),
  );

  routes.post(
    '/material/:id/items',
    {
      schema: { tags, summary: 'Añadir stock de una talla nueva', params: idParamsSchema, body: addStockRequestSchema, response: { 201: materialSchema } },
      preHandler: manage,
    },
    async (request, reply) => reply.status(201).send(await addStock(deps, requireActor(request), request.params.id, request.body)),
  );

  routes.put(
    '/material/:id/items/:itemId',
    {
      schema: { tags, summary: 'Editar el stock de una talla', params: materialItemParamsSchema, body: updateStockRequestSchema, response: { 200: materialSchema } },
      preHandler: manage,
    },
    async (request) => updateStock(deps, requireActor(request), request.params.id, request.params.itemId, request.body.quantity),
  );

  routes.delete(
    '/material/:id',
    { schema: { tags, summary: 'Eliminar un material', params: idParamsSchema, response: { 200: okResponseSchema } }, preHandler: manage },
    async (request) => {
      await deleteMaterial(deps, requireActor(request), request.params.id);
      return { ok: true as const };
    },
  );

  await app.register(loanRoutes);
}
