import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activeTimerResponseSchema,
  clockableEventsResponseSchema,
  myRecordsQuerySchema,
  myRecordsResponseSchema,
  offlinePunchRequestSchema,
  offlinePunchResponseSchema,
  recordIdParamsSchema,
  startTimerRequestSchema,
  stopTimerRequestSchema,
  timeLogFilterOptionsQuerySchema,
  timeLogFilterOptionsSchema,
  timeLogQuerySchema,
  timeLogResponseSchema,
  timeRecordSchema,
} from '@jornada/shared/schemas/time-records';
import { z } from 'zod';
import { authorize, requireActor } from '../../lib/authorization';
import { acceptOfflinePunch } from './offline-punches.service';
import { getActiveTimer, listClockableEvents, listMyRecords, listTimeLog, listTimeLogFilterOptions, startTimer, stopTimer } from './time-records.service';

const clockers = ['Empleado', 'Supervisor'] as const;
/** What a viewer's own records are read from (the viewer cache drops them when these change). */
const recordReads = ['time_records', 'events', 'time_record_amendments'] as const;
const recentQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(50).default(20) });

export async function timeRecordRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, timeZone: app.config.timeZone };
  const tags = ['time-records'];

  routes.get(
    '/time-records/active',
    { schema: { tags, summary: 'Temporizador activo del usuario', response: { 200: activeTimerResponseSchema } }, preHandler: authorize({ roles: clockers, scope: 'fichajes:leer' }), config: { viewerCache: { reads: recordReads, followsTime: true } } },
    async (request) => ({ record: await getActiveTimer(deps, requireActor(request)) }),
  );

  routes.get(
    '/time-records/clockable-events',
    {
      schema: { tags, summary: 'Turnos en curso en los que el usuario puede fichar', response: { 200: clockableEventsResponseSchema } },
      preHandler: authorize({ roles: clockers, scope: 'fichajes:leer' }),
      config: { viewerCache: { reads: ['events', 'event_assignments'], followsTime: true } },
    },
    async (request) => listClockableEvents(deps, requireActor(request)),
  );

  routes.get(
    '/time-records/mine',
    {
      schema: { tags, summary: 'Últimos fichajes del usuario (panel)', querystring: recentQuerySchema, response: { 200: myRecordsResponseSchema } },
      preHandler: authorize({ roles: clockers, scope: 'fichajes:leer' }),
      config: { viewerCache: { reads: recordReads, followsTime: true } },
    },
    async (request) => listMyRecords(deps, requireActor(request), { limit: request.query.limit }),
  );

  routes.get(
    '/my-hours',
    {
      schema: { tags, summary: 'Mis Horas: fichajes y total de un mes', querystring: myRecordsQuerySchema, response: { 200: myRecordsResponseSchema } },
      preHandler: authorize({ roles: clockers, view: 'my-hours', scope: 'fichajes:leer' }),
    },
    async (request) => listMyRecords(deps, requireActor(request), request.query),
  );

  routes.post(
    '/time-records/start',
    {
      schema: { tags, summary: 'Iniciar turno (fichar entrada)', body: startTimerRequestSchema, response: { 201: timeRecordSchema } },
      preHandler: authorize({ roles: clockers }),
    },
    async (request, reply) => reply.status(201).send(await startTimer(deps, requireActor(request), request.body)),
  );

  routes.post(
    '/time-records/offline-punches',
    {
      schema: {
        tags,
        summary: 'Fichaje hecho sin conexión y enviado después (entrada o salida)',
        description: '201 con el fichaje creado o cerrado; 200 con duplicate: true cuando ese clientId ya se había aceptado (no se escribe nada).',
        body: offlinePunchRequestSchema,
        response: { 200: offlinePunchResponseSchema, 201: offlinePunchResponseSchema },
      },
      preHandler: authorize({ roles: clockers }),
    },
    async (request, reply) => {
      const answer = await acceptOfflinePunch(deps, requireActor(request), request.body);
      return reply.status(answer.duplicate ? 200 : 201).send(answer);
    },
  );

  routes.post(
    '/time-records/:id/stop',
    {
      schema: { tags, summary: 'Detener turno (fichar salida)', params: recordIdParamsSchema, body: stopTimerRequestSchema, response: { 200: timeRecordSchema } },
      preHandler: authorize({ roles: clockers }),
    },
    async (request) => stopTimer(deps, requireActor(request), request.params.id, request.body),
  );

  routes.get(
    '/time-records',
    {
      schema: { tags, summary: 'Registro de fichajes', querystring: timeLogQuerySchema, response: { 200: timeLogResponseSchema } },
      preHandler: authorize({ roles: ['Supervisor', 'Administrador'], view: 'time-log', scope: 'fichajes:leer' }),
    },
    async (request) => listTimeLog(deps, requireActor(request), request.query),
  );

  routes.get(
    '/time-records/filter-options',
    {
      schema: { tags, summary: 'Registro de fichajes: trabajadores y eventos para filtrar', querystring: timeLogFilterOptionsQuerySchema, response: { 200: timeLogFilterOptionsSchema } },
      preHandler: authorize({ roles: ['Supervisor', 'Administrador'], view: 'time-log', scope: 'fichajes:leer' }),
    },
    async (request) => listTimeLogFilterOptions(deps, requireActor(request), request.query.companyId),
  );
}
