import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { calendarFeedSchema, createdCalendarFeedSchema } from '@jornada/shared/schemas/calendar-feed';
import { z } from 'zod';
import { authorize, requireActor } from '../../lib/authorization';
import { createCalendarFeed, FEED_ROLES, getCalendarFeed, renderCalendarFeed, revokeCalendarFeed } from './calendar-feed.service';

// Checked in the service (an unknown shape is a 404 like an unknown secret), so the schema only bounds it.
const feedParamsSchema = z.object({ token: z.string().max(100) });

/** 'Calendario en tu móvil' in 'Mis Turnos' (issue 28 item 6, decision 047). */
export async function calendarFeedRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, publicUrl: app.config.publicUrl };
  const tags = ['calendar-feed'];
  const preHandler = authorize({ roles: FEED_ROLES, view: 'shifts' });

  routes.get(
    '/calendar-feed',
    { schema: { tags, summary: 'Si tengo una dirección de calendario de mis turnos', response: { 200: calendarFeedSchema } }, preHandler },
    async (request) => getCalendarFeed(deps, requireActor(request)),
  );

  routes.post(
    '/calendar-feed',
    { schema: { tags, summary: 'Crear (o cambiar) la dirección privada del calendario de mis turnos; se muestra una sola vez', response: { 201: createdCalendarFeedSchema } }, preHandler },
    async (request, reply) => {
      // The address is a secret and is in this answer only: never kept by the browser or a proxy.
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send(await createCalendarFeed(deps, requireActor(request)));
    },
  );

  routes.delete(
    '/calendar-feed',
    { schema: { tags, summary: 'Revocar la dirección del calendario de mis turnos', response: { 200: calendarFeedSchema } }, preHandler },
    async (request) => revokeCalendarFeed(deps, requireActor(request)),
  );

  // Read by calendar apps (Google, Apple), which carry no session: the secret in the path is the key.
  routes.get(
    '/public/calendar/:token',
    { schema: { tags, summary: 'Calendario ICS de los turnos de una persona (sin sesión, dirección privada)', params: feedParamsSchema } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      reply.header('Referrer-Policy', 'no-referrer');
      reply.header('X-Robots-Tag', 'noindex, nofollow');
      const text = await renderCalendarFeed(deps, request.params.token);
      return reply.type('text/calendar; charset=utf-8').header('Content-Disposition', 'inline; filename="turnos.ics"').send(text);
    },
  );
}
