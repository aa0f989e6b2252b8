import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_ATTACHMENTS } from '@jornada/shared/files';
import { pageQuerySchema } from '@jornada/shared/schemas/common';
import { mySignatureResponseSchema } from '@jornada/shared/schemas/signatures';
import {
  employeeReportDetailSchema,
  employeeReportFilterOptionsQuerySchema,
  employeeReportFilterOptionsSchema,
  employeeReportPageSchema,
  employeeReportsQuerySchema,
  myWorkReportPageSchema,
  myWorkReportSchema,
  pendingReportEventPageSchema,
  workReportAttachmentParamsSchema,
  workReportParamsSchema,
} from '@jornada/shared/schemas/work-reports';
import { DATA_VIEWS } from '@jornada/shared/permissions';
import { authorize, requireActor } from '../../lib/authorization';
import { getMySignature, getMySignatureImage } from '../documents/signature.service';
import { sendStoredFile } from '../../ledgers/files/stored-files';
import { readMultipartForm, registerUploads } from '../../ledgers/files/uploads';
import * as reviews from './employee-reports.service';
import * as service from './work-reports.service';

const SAVED_SIGNATURE_IMAGE_PATH = '/api/work-reports/signature/image';

export async function workReportRoutes(app: FastifyInstance): Promise<void> {
  await registerUploads(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, timeZone: app.config.timeZone };
  const authors = authorize({ roles: ['Empleado', 'Supervisor'], view: 'work-reports' });
  const reviewers = authorize({ roles: ['Supervisor', 'Administrador'], view: DATA_VIEWS.people });
  const tags = ['work-reports'];

  routes.get(
    '/work-reports/pending',
    {
      schema: { tags, summary: 'Eventos finalizados sin parte de trabajo', querystring: pageQuerySchema, response: { 200: pendingReportEventPageSchema } },
      preHandler: authors,
    },
    async (request) => service.listPendingReportEvents(deps, requireActor(request), request.query),
  );

  routes.get(
    '/work-reports',
    { schema: { tags, summary: 'Mis partes de trabajo generados', querystring: pageQuerySchema, response: { 200: myWorkReportPageSchema } }, preHandler: authors },
    async (request) => service.listMyReports(deps, requireActor(request), request.query),
  );

  routes.post(
    '/work-reports',
    {
      schema: {
        tags,
        summary: `Guardar y firmar un parte (multipart: eventId, observations, signature opcional y hasta ${MAX_ATTACHMENTS} archivos «attachments»)`,
        consumes: ['multipart/form-data'],
        response: { 201: myWorkReportSchema },
      },
      preHandler: authors,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createWorkReport(deps, requireActor(request), (beforeFiles) => readMultipartForm(request, { fileField: 'attachments', maxFiles: MAX_ATTACHMENTS, beforeFiles }))),
  );

  routes.get(
    '/work-reports/signature',
    { schema: { tags, summary: 'La firma guardada, para firmar un parte', response: { 200: mySignatureResponseSchema } }, preHandler: authors },
    async (request) => getMySignature(deps, requireActor(request), SAVED_SIGNATURE_IMAGE_PATH),
  );

  routes.get(
    '/work-reports/signature/image',
    { schema: { tags, summary: 'La imagen de la firma guardada' }, preHandler: authors },
    async (request, reply) => sendStoredFile(request, reply, await getMySignatureImage(deps, requireActor(request))),
  );

  routes.get(
    '/work-reports/:id/signature',
    { schema: { tags, summary: 'La firma de uno de mis partes', params: workReportParamsSchema }, preHandler: authors },
    async (request, reply) => sendStoredFile(request, reply, await service.getMyReportSignature(deps, requireActor(request), request.params.id)),
  );

  routes.get(
    '/employee-reports',
    {
      schema: {
        tags,
        summary: 'Partes de los empleados (todas las empresas para el administrador), más recientes primero',
        querystring: employeeReportsQuerySchema,
        response: { 200: employeeReportPageSchema },
      },
      preHandler: reviewers,
    },
    async (request) => reviews.listEmployeeReports(deps, requireActor(request), request.query),
  );

  routes.get(
    '/employee-reports/filter-options',
    {
      schema: {
        tags,
        summary: 'Partes de los empleados: trabajadores y eventos para filtrar',
        querystring: employeeReportFilterOptionsQuerySchema,
        response: { 200: employeeReportFilterOptionsSchema },
      },
      preHandler: reviewers,
    },
    async (request) => reviews.listReportFilterOptions(deps, requireActor(request), request.query.companyId),
  );

  routes.get(
    '/employee-reports/:id',
    { schema: { tags, summary: 'Detalle de un parte de trabajo', params: workReportParamsSchema, response: { 200: employeeReportDetailSchema } }, preHandler: reviewers },
    async (request) => reviews.getEmployeeReport(deps, requireActor(request), request.params.id),
  );

  routes.get(
    '/employee-reports/:id/signature',
    { schema: { tags, summary: 'La firma de un parte de trabajo', params: workReportParamsSchema }, preHandler: reviewers },
    async (request, reply) => sendStoredFile(request, reply, await reviews.getEmployeeReportSignature(deps, requireActor(request), request.params.id)),
  );

  routes.get(
    '/employee-reports/:id/attachments/:fileId',
    { schema: { tags, summary: 'Descargar un adjunto de un parte de trabajo', params: workReportAttachmentParamsSchema }, preHandler: reviewers },
    async (request, reply) =>
      sendStoredFile(request, reply, await reviews.getEmployeeReportAttachment(deps, requireActor(request), request.params.id, request.params.fileId)),
  );
}
