import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, okResponseSchema } from '@jornada/shared/schemas/common';
import { pushDeviceListSchema, pushDeviceSchema, pushPublicKeySchema, pushSubscriptionInputSchema } from '@jornada/shared/schemas/push';
import { authorize, requireActor } from '../../lib/authorization';
import * as service from './push.service';

/** The people of a company, who receive notifications (decision 033); never the platform Administrador. */
const recipients = ['Empleado', 'Supervisor'] as const;

/** Web Push subscriptions, one per browser, only ever one's own (docs/decisions/037). */
export async function pushRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, vapid: app.config.vapidKeys, pushServiceHosts: app.config.pushServiceHosts };
  const tags = ['push'];

  routes.get(
    '/push/public-key',
    { schema: { tags, summary: 'La clave pública VAPID del servidor, para suscribir este navegador', response: { 200: pushPublicKeySchema } }, preHandler: authorize({ roles: recipients }) },
    async (request) => service.publicKey(deps, requireActor(request)),
  );
  routes.post(
    '/push/subscriptions',
    { schema: { tags, summary: 'Recibir avisos en este dispositivo', body: pushSubscriptionInputSchema, response: { 200: pushDeviceSchema } }, preHandler: authorize({ roles: recipients }) },
    async (request) => service.subscribe(deps, requireActor(request), request.body, request.headers['user-agent']),
  );
  routes.get(
    '/push/subscriptions',
    { schema: { tags, summary: 'Mis dispositivos con avisos', response: { 200: pushDeviceListSchema } }, preHandler: authorize({ roles: recipients }) },
    async (request) => service.listMine(deps, requireActor(request)),
  );
  routes.delete(
    '/push/subscriptions/:id',
    { schema: { tags, summary: 'Dejar de recibir avisos en un dispositivo', params: idParamsSchema, response: { 200: okResponseSchema } }, preHandler: authorize({ roles: recipients }) },
    async (request) => {
      await service.removeMine(deps, requireActor(request), request.params.id);
      return { ok: true as const };
    },
  );
}
