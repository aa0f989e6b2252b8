import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, okResponseSchema } from '@jornada/shared/schemas/common';
import {
  createWebhookRequestSchema,
  createWebhookResponseSchema,
  webhookDeliveriesResponseSchema,
  webhooksQuerySchema,
  webhooksResponseSchema,
} from '@jornada/shared/schemas/webhooks';
import { DATA_VIEWS } from '@jornada/shared/permissions';
import { z } from 'zod';
import { authorize, requireActor } from '../../lib/authorization';
import { createWebhook, deleteWebhook, listWebhookDeliveries, listWebhooks, pingWebhook } from './webhooks.service';

/** 'Webhooks' (issue 28 item 5, decision 050): a company's subscriptions, managed by its supervisors and the Administrador. */
export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, allowPrivateAddresses: app.config.webhookAllowPrivate };
  const tags = ['webhooks'];
  // A webhook sends people's clock-ins and assignments out of the app: the views that show them.
  const preHandler = authorize({ roles: ['Supervisor', 'Administrador'], view: DATA_VIEWS.peopleAndRecords });

  routes.get('/webhooks', { schema: { tags, summary: 'Webhooks de la empresa', querystring: webhooksQuerySchema, response: { 200: webhooksResponseSchema } }, preHandler }, async (request) =>
    listWebhooks(deps, requireActor(request), request.query.companyId),
  );

  routes.post(
    '/webhooks',
    { schema: { tags, summary: 'Crear un webhook (la clave de firma se muestra una sola vez)', body: createWebhookRequestSchema, response: { 201: createWebhookResponseSchema } }, preHandler },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send(await createWebhook(deps, requireActor(request), request.body));
    },
  );

  routes.delete('/webhooks/:id', { schema: { tags, summary: 'Eliminar un webhook y su historial de envíos', params: idParamsSchema, response: { 200: okResponseSchema } }, preHandler }, async (request) =>
    deleteWebhook(deps, requireActor(request), request.params.id),
  );

  routes.get(
    '/webhooks/:id/deliveries',
    { schema: { tags, summary: 'Últimos 50 envíos de un webhook, con la respuesta del receptor', params: idParamsSchema, response: { 200: webhookDeliveriesResponseSchema } }, preHandler },
    async (request) => listWebhookDeliveries(deps, requireActor(request), request.params.id),
  );

  routes.post(
    '/webhooks/:id/test',
    { schema: { tags, summary: 'Enviar un aviso de prueba (ping) a un webhook', params: idParamsSchema, response: { 202: z.object({ deliveryId: z.string() }) } }, preHandler },
    async (request, reply) => reply.status(202).send(await pingWebhook(deps, requireActor(request), request.params.id)),
  );
}
