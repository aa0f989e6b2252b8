import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  approveCorrectionRequestSchema,
  correctionIdParamsSchema,
  correctionListQuerySchema,
  correctionListResponseSchema,
  correctionSchema,
  correctionSummarySchema,
  missingRecordEventsQuerySchema,
  missingRecordEventsResponseSchema,
  proposeMissingRecordRequestSchema,
  proposeCorrectionRequestSchema,
  recordHistoryResponseSchema,
  rejectCorrectionRequestSchema,
  sinCierreResponseSchema,
} from '@jornada/shared/schemas/corrections';
import { recordIdParamsSchema } from '@jornada/shared/schemas/time-records';
import { authorize, requireActor } from '../../lib/authorization';
import {
  approveCorrection,
  getCorrectionSummary,
  getRecordHistory,
  listCorrections,
  listSinCierre,
  proposeCorrection,
  rejectCorrection,
  withdrawCorrection,
} from './corrections.service';
import { listMissingRecordEvents, proposeMissingRecord } from './missing-records.service';

const participants = ['Empleado', 'Supervisor', 'Administrador'] as const;

/**
 * Corrections of the registro de jornada (issue 11): the worker and the company each propose, the
 * other side decides. Not a grantable view: every participant keeps access to their own record's
 * corrections (a legal right), whatever the company's permission matrix says.
 */
export async function correctionRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, timeZone: app.config.timeZone };
  const tags = ['corrections'];
  const preHandler = authorize({ roles: participants });

  routes.get(
    '/corrections',
    { schema: { tags, summary: 'Correcciones de fichajes (pendientes o decididas)', querystring: correctionListQuerySchema, response: { 200: correctionListResponseSchema } }, preHandler },
    async (request) => listCorrections(deps, requireActor(request), request.query),
  );

  routes.get(
    '/corrections/summary',
    { schema: { tags, summary: 'Correcciones que esperan mi decisión y fichajes sin cierre', response: { 200: correctionSummarySchema } }, preHandler, config: { viewerCache: { reads: ['time_records', 'time_record_amendments', 'events'], followsTime: true } } },
    async (request) => getCorrectionSummary(deps, requireActor(request)),
  );

  routes.get(
    '/corrections/sin-cierre',
    { schema: { tags, summary: 'Fichajes sin cierre (abiertos 2 horas después del fin del evento)', response: { 200: sinCierreResponseSchema } }, preHandler },
    async (request) => listSinCierre(deps, requireActor(request)),
  );

  routes.get(
    '/time-records/:id/corrections',
    { schema: { tags, summary: 'Historial de cambios de un fichaje', params: recordIdParamsSchema, response: { 200: recordHistoryResponseSchema } }, preHandler },
    async (request) => getRecordHistory(deps, requireActor(request), request.params.id),
  );

  routes.post(
    '/time-records/:id/corrections',
    {
      schema: { tags, summary: 'Solicitar la corrección de un fichaje', params: recordIdParamsSchema, body: proposeCorrectionRequestSchema, response: { 201: correctionSchema } },
      preHandler,
    },
    async (request, reply) => reply.status(201).send(await proposeCorrection(deps, requireActor(request), request.params.id, request.body)),
  );

  routes.get(
    '/corrections/missing-records/events',
    { schema: { tags, summary: 'Eventos asignados a los que se puede dar de alta un fichaje olvidado', querystring: missingRecordEventsQuerySchema, response: { 200: missingRecordEventsResponseSchema } }, preHandler },
    async (request) => listMissingRecordEvents(deps, requireActor(request), request.query),
  );

  routes.post(
    '/corrections/missing-records',
    {
      schema: { tags, summary: 'Proponer el alta de un fichaje olvidado', body: proposeMissingRecordRequestSchema, response: { 201: correctionSchema } },
      preHandler,
    },
    async (request, reply) => reply.status(201).send(await proposeMissingRecord(deps, requireActor(request), request.body)),
  );

  routes.post(
    '/corrections/:id/approve',
    {
      schema: { tags, summary: 'Aprobar una corrección (el empleado, con su firma)', params: correctionIdParamsSchema, body: approveCorrectionRequestSchema, response: { 200: correctionSchema } },
      preHandler,
    },
    async (request) => approveCorrection(deps, requireActor(request), request.params.id, request.body),
  );

  routes.post(
    '/corrections/:id/reject',
    { schema: { tags, summary: 'Rechazar una corrección', params: correctionIdParamsSchema, body: rejectCorrectionRequestSchema, response: { 200: correctionSchema } }, preHandler },
    async (request) => rejectCorrection(deps, requireActor(request), request.params.id, request.body),
  );

  routes.post(
    '/corrections/:id/withdraw',
    { schema: { tags, summary: 'Retirar mi propuesta de corrección', params: correctionIdParamsSchema, response: { 200: correctionSchema } }, preHandler },
    async (request) => withdrawCorrection(deps, requireActor(request), request.params.id),
  );
}
