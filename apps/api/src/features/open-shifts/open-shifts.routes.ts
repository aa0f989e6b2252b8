import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@jornada/shared/schemas/common';
import { claimOpenShiftRequestSchema, eventOpenPlacesSchema, openShiftClaimSchema, openShiftListSchema, saveOpenPlacesRequestSchema } from '@jornada/shared/schemas/open-shifts';
import { authorize, requireActor } from '../../lib/authorization';
import { eventsDeps } from '../events/event-access';
import * as service from './open-shifts.service';

const tags = ['open-shifts'];
/** Who can be assigned claims a place; 'Mis Turnos' guards it like their own shifts. */
const claimers = authorize({ roles: ['Empleado', 'Supervisor'], view: 'shifts' });
/** Publishing places and deciding claims is managing the event. */
const managers = authorize({ roles: ['Supervisor', 'Administrador'], view: 'manage-events' });

/** 'Turnos abiertos' (issue 27 item 3, decision 051). */
export async function openShiftsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = eventsDeps(app);

  routes.get(
    '/open-shifts',
    { schema: { tags, summary: 'Turnos abiertos que puedo solicitar', response: { 200: openShiftListSchema } }, preHandler: claimers },
    async (request) => service.listOpenShifts(deps, requireActor(request)),
  );

  routes.post(
    '/open-shifts/:id/claim',
    { schema: { tags, summary: 'Solicitar una plaza abierta de un evento', params: idParamsSchema, body: claimOpenShiftRequestSchema, response: { 201: openShiftClaimSchema } }, preHandler: claimers },
    async (request, reply) => reply.code(201).send(await service.claimOpenShift(deps, requireActor(request), request.params.id, request.body)),
  );

  routes.get(
    '/events/:id/open-places',
    { schema: { tags, summary: 'Plazas abiertas de un evento y sus solicitudes', params: idParamsSchema, response: { 200: eventOpenPlacesSchema } }, preHandler: managers },
    async (request) => service.getEventOpenPlaces(deps, requireActor(request), request.params.id),
  );

  routes.put(
    '/events/:id/open-places',
    { schema: { tags, summary: 'Publicar las plazas abiertas de un evento por categoría', params: idParamsSchema, body: saveOpenPlacesRequestSchema, response: { 200: eventOpenPlacesSchema } }, preHandler: managers },
    async (request) => service.saveEventOpenPlaces(deps, requireActor(request), request.params.id, request.body),
  );

  routes.post(
    '/open-shift-claims/:id/approve',
    { schema: { tags, summary: 'Aprobar una solicitud de turno abierto', params: idParamsSchema, response: { 200: openShiftClaimSchema } }, preHandler: managers },
    async (request) => service.approveClaim(deps, requireActor(request), request.params.id),
  );

  routes.post(
    '/open-shift-claims/:id/reject',
    { schema: { tags, summary: 'Rechazar una solicitud de turno abierto', params: idParamsSchema, response: { 200: openShiftClaimSchema } }, preHandler: managers },
    async (request) => service.rejectClaim(deps, requireActor(request), request.params.id),
  );
}
