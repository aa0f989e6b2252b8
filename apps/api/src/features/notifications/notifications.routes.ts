import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@jornada/shared/schemas/common';
import { markAllReadResponseSchema, notificationListQuerySchema, notificationPageSchema, notificationSchema, unreadCountSchema } from '@jornada/shared/schemas/notifications';
import { authorize, requireActor } from '../../lib/authorization';
import * as service from './notifications.service';

/** The people of a company; the platform Administrador has no company and no notifications (yet). */
const recipients = ['Empleado', 'Supervisor'] as const;

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  const tags = ['notifications'];

  routes.get(
    '/notifications',
    { schema: { tags, summary: 'Mis notificaciones, de la más reciente a la más antigua', querystring: notificationListQuerySchema, response: { 200: notificationPageSchema } }, preHandler: authorize({ roles: recipients }) },
    async (request) => service.listMine(deps, requireActor(request), request.query),
  );
  routes.get(
    '/notifications/unread-count',
    {
      schema: { tags, summary: 'Cuántas notificaciones tengo sin leer', response: { 200: unreadCountSchema } },
      preHandler: authorize({ roles: recipients }),
      // Asked on every screen and every 20 s (decision 033): on SQLite answered from memory until a
      // write touches the notifications table (decision 024; the viewer-cache test checks the tables).
      config: { viewerCache: { reads: ['notifications'] } },
    },
    async (request) => service.unreadCount(deps, requireActor(request)),
  );
  routes.post(
    '/notifications/:id/read',
    { schema: { tags, summary: 'Marcar una notificación como leída', params: idParamsSchema, response: { 200: notificationSchema } }, preHandler: authorize({ roles: recipients }) },
    async (request) => service.markRead(deps, requireActor(request), request.params.id),
  );
  routes.post(
    '/notifications/read-all',
    { schema: { tags, summary: 'Marcar todas mis notificaciones como leídas', response: { 200: markAllReadResponseSchema } }, preHandler: authorize({ roles: recipients }) },
    async (request) => service.markAllRead(deps, requireActor(request)),
  );
}
