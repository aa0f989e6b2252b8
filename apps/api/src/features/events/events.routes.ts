import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, okResponseSchema } from '@jornada/shared/schemas/common';
import {
  assignableEmployeesQuerySchema,
  assignableEmployeesResponseSchema,
  assignEmployeesRequestSchema,
  assignmentAnswerSchema,
  declineAssignmentRequestSchema,
  calendarQuerySchema,
  calendarResponseSchema,
  createEventRequestSchema,
  createEventsResponseSchema,
  eventPageSchema,
  eventSchema,
  eventScreenQuerySchema,
  listEventsQuerySchema,
  shiftsQuerySchema,
  updateEventRequestSchema,
} from '@jornada/shared/schemas/events';
import { venueCodeResponseSchema } from '@jornada/shared/schemas/venue-code';
import { assigneeAvailabilityQuerySchema, assigneeAvailabilityResponseSchema } from '@jornada/shared/schemas/assignee-availability';
import { authorize, requireActor } from '../../lib/authorization';
import { listAssigneeAvailability } from './assignee-availability.service';
import { eventsDeps } from './event-access';
import { getCalendarMonth, getEvent, listAssignableEmployees, listEventLog, listManagedEvents, listShifts, listSupervisedEvents } from './event-lists.service';
import { acceptAssignment, declineAssignment } from './assignment-answers.service';
import { assignmentHistorySchema } from '@jornada/shared/schemas/shift-swaps';
import { assignEmployees, createEvents, deleteEvent, finishEvent, getAssignmentHistory, updateEvent } from './events.service';
import { getVenueCode } from './venue-code.service';

const managers = ['Supervisor', 'Administrador'] as const;
const manage = authorize({ roles: managers, view: 'manage-events' });
// API tokens (decision 054): reading the managed list and changing events are separate scopes.
const manageReading = authorize({ roles: managers, view: 'manage-events', scope: 'eventos:leer' });
const manageChanging = authorize({ roles: managers, view: 'manage-events', scope: 'eventos:gestionar' });
const tags = ['events'];

export async function eventsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = eventsDeps(app);

  routes.get(
    '/events',
    { schema: { tags, summary: 'Gestionar eventos: lista por estado', querystring: listEventsQuerySchema, response: { 200: eventPageSchema } }, preHandler: manageReading },
    async (request) => listManagedEvents(deps, requireActor(request), request.query),
  );

  routes.get(
    '/events/supervise',
    {
      schema: { tags, summary: 'Supervisar eventos: activos y programados', querystring: eventScreenQuerySchema, response: { 200: eventPageSchema } },
      preHandler: authorize({ roles: managers, view: 'supervise-events', scope: 'eventos:leer' }),
    },
    async (request) => listSupervisedEvents(deps, requireActor(request), request.query),
  );

  routes.get(
    '/events/log',
    {
      schema: { tags, summary: 'Registro de eventos finalizados', querystring: eventScreenQuerySchema, response: { 200: eventPageSchema } },
      preHandler: authorize({ roles: managers, view: 'event-log', scope: 'eventos:leer' }),
    },
    async (request) => listEventLog(deps, requireActor(request), request.query),
  );

  routes.get(
    '/events/shifts',
    {
      schema: { tags, summary: 'Mis turnos: eventos asignados al usuario', querystring: shiftsQuerySchema, response: { 200: eventPageSchema } },
      preHandler: authorize({ roles: ['Empleado', 'Supervisor'], view: 'shifts', scope: 'eventos:leer' }),
    },
    async (request) => listShifts(deps, requireActor(request), request.query),
  );

  routes.get(
    '/events/calendar',
    { schema: { tags, summary: 'Calendario: eventos visibles de un mes', querystring: calendarQuerySchema, response: { 200: calendarResponseSchema } }, preHandler: authorize({ scope: 'eventos:leer' }), config: { viewerCache: { reads: ['events', 'event_assignments'], followsTime: true } } },
    async (request) => getCalendarMonth(deps, requireActor(request), request.query),
  );

  routes.get(
    '/events/assignable-employees',
    {
      schema: {
        tags,
        summary: 'Personal que se puede asignar a un evento',
        querystring: assignableEmployeesQuerySchema,
        response: { 200: assignableEmployeesResponseSchema },
      },
      preHandler: manage,
    },
    async (request) => listAssignableEmployees(deps, requireActor(request), request.query),
  );

  routes.get(
    '/events/assignee-availability',
    {
      schema: {
        tags,
        summary: 'Disponibilidad del personal para unas fechas: vacaciones, otros eventos y normas de jornada',
        querystring: assigneeAvailabilityQuerySchema,
        response: { 200: assigneeAvailabilityResponseSchema },
      },
      preHandler: manage,
    },
    async (request) => listAssigneeAvailability(deps, requireActor(request), request.query),
  );

  routes.get(
    '/events/:id',
    { schema: { tags, summary: 'Detalle de un evento', params: idParamsSchema, response: { 200: eventSchema } }, preHandler: authorize({ scope: 'eventos:leer' }) },
    async (request) => getEvent(deps, requireActor(request), request.params.id),
  );

  routes.get(
    '/events/:id/venue-code',
    {
      schema: { tags, summary: 'Código del lugar: el código rotativo de 30 s que el personal escanea o escribe al fichar', params: idParamsSchema, response: { 200: venueCodeResponseSchema } },
      preHandler: manage,
    },
    async (request) => getVenueCode(deps, requireActor(request), request.params.id),
  );

  routes.post(
    '/events',
    { schema: { tags, summary: 'Crear un evento (o uno por día si es constante)', body: createEventRequestSchema, response: { 201: createEventsResponseSchema } }, preHandler: manageChanging },
    async (request, reply) => reply.status(201).send(await createEvents(deps, requireActor(request), request.body)),
  );

  routes.put(
    '/events/:id',
    { schema: { tags, summary: 'Editar un evento', params: idParamsSchema, body: updateEventRequestSchema, response: { 200: eventSchema } }, preHandler: manageChanging },
    async (request) => updateEvent(deps, requireActor(request), request.params.id, request.body),
  );

  routes.delete(
    '/events/:id',
    { schema: { tags, summary: 'Eliminar un evento', params: idParamsSchema, response: { 200: okResponseSchema } }, preHandler: manageChanging },
    async (request) => {
      await deleteEvent(deps, requireActor(request), request.params.id);
      return { ok: true as const };
    },
  );

  routes.put(
    '/events/:id/assignments',
    {
      schema: { tags, summary: 'Asignar personal a un evento', params: idParamsSchema, body: assignEmployeesRequestSchema, response: { 200: eventSchema } },
      preHandler: manageChanging,
    },
    async (request) => assignEmployees(deps, requireActor(request), request.params.id, request.body.assignedEmployees, request.body.acknowledgeWarnings === true, request.body.source),
  );

  routes.get(
    '/events/:id/assignment-history',
    { schema: { tags, summary: 'Historial de asignaciones de un evento', params: idParamsSchema, response: { 200: assignmentHistorySchema } }, preHandler: manage },
    async (request) => getAssignmentHistory(deps, requireActor(request), request.params.id),
  );

  // Decision 046: the assigned person answers their own assignment (the company's 'Aceptación de turnos').
  const ownShifts = authorize({ roles: ['Empleado', 'Supervisor'], view: 'shifts' });
  routes.post(
    '/events/:id/accept',
    { schema: { tags, summary: 'Mis turnos: aceptar un turno pendiente', params: idParamsSchema, response: { 200: assignmentAnswerSchema } }, preHandler: ownShifts },
    async (request) => acceptAssignment(deps, requireActor(request), request.params.id),
  );

  routes.post(
    '/events/:id/decline',
    {
      schema: { tags, summary: 'Mis turnos: rechazar un turno pendiente, con el motivo', params: idParamsSchema, body: declineAssignmentRequestSchema, response: { 200: assignmentAnswerSchema } },
      preHandler: ownShifts,
    },
    async (request) => declineAssignment(deps, requireActor(request), request.params.id, request.body.reason),
  );

  routes.post(
    '/events/:id/finish',
    { schema: { tags, summary: 'Finalizar ahora un evento activo', params: idParamsSchema, response: { 200: eventSchema } }, preHandler: manageChanging },
    async (request) => finishEvent(deps, requireActor(request), request.params.id),
  );
}
