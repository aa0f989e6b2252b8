import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationPreferencesSchema, updateNotificationPreferencesSchema } from '@jornada/shared/schemas/notifications';
import { authorize, requireActor } from '../../lib/authorization';
import { preferencesOf, savePreferences } from './notification-preferences';

/** Only people of a company are notified; the platform Administrador has nothing to choose. */
const recipients = ['Empleado', 'Supervisor'] as const;

export async function notificationPreferenceRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  routes.get(
    '/account/notification-preferences',
    { schema: { tags, summary: 'Mis avisos por correo y push, por tipo', response: { 200: notificationPreferencesSchema } }, preHandler: authorize({ roles: recipients }) },
    async (request) => preferencesOf(app.db, requireActor(request).userId),
  );
  routes.put(
    '/account/notification-preferences',
    {
      schema: { tags, summary: 'Guardar mis avisos por correo y push', body: updateNotificationPreferencesSchema, response: { 200: notificationPreferencesSchema } },
      preHandler: authorize({ roles: recipients }),
    },
    async (request) => {
      const { userId } = requireActor(request);
      await savePreferences(app.db, userId, request.body);
      return preferencesOf(app.db, userId);
    },
  );
}
