import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  companyRegistroDownloadQuerySchema,
  companyRegistroQuerySchema,
  companyRegistroSchema,
  employeeRegistroParamsSchema,
  myRegistroDownloadQuerySchema,
  myRegistroQuerySchema,
  registroMonthSchema,
  rulesQuerySchema,
  signMonthRequestSchema,
  updateWorkingTimeRulesRequestSchema,
  workingTimeRulesSchema,
} from '@jornada/shared/schemas/registro';
import { DATA_VIEWS } from '@jornada/shared/permissions';
import { authorize, requireActor } from '../../lib/authorization';
import { contentDisposition } from '../../ledgers/files/stored-files';
import {
  downloadCompanyMonth,
  downloadEmployeeMonth,
  downloadMyMonth,
  getCompanyMonth,
  getEmployeeMonth,
  getMyMonth,
  signMyMonth,
  type RegistroDownload,
} from './registro-month.service';
import { getWorkingTimeRules, updateWorkingTimeRules } from './working-time-rules.service';

const tags = ['registro'];
const workers = authorize({ roles: ['Empleado', 'Supervisor'] });
const workersReading = authorize({ roles: ['Empleado', 'Supervisor'], scope: 'registro:leer' });
const managers = authorize({ roles: ['Supervisor', 'Administrador'] });
/** Other people's monthly records (decision 032). */
const recordReaders = authorize({ roles: ['Supervisor', 'Administrador'], view: DATA_VIEWS.records, scope: 'registro:leer' });
const employeeMonthQuerySchema = companyRegistroQuerySchema;

/** A download: never cached, never sniffed, always saved as a file. */
function sendDownload(reply: FastifyReply, download: RegistroDownload): FastifyReply {
  return reply
    .header('Content-Disposition', contentDisposition(download.fileName))
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .type(download.contentType)
    .send(Buffer.from(download.bytes));
}

/** Registro de jornada (issue 11 parts 4 and 6): rules, monthly records, downloads and signing. */
export async function registroRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, timeZone: app.config.timeZone };

  routes.get(
    '/registro/rules',
    { schema: { tags, summary: 'Normas de jornada de la empresa', querystring: rulesQuerySchema, response: { 200: workingTimeRulesSchema } }, preHandler: managers },
    async (request) => getWorkingTimeRules(deps, requireActor(request), request.query.companyId),
  );

  routes.put(
    '/registro/rules',
    {
      schema: { tags, summary: 'Cambiar las normas de jornada de la empresa', body: updateWorkingTimeRulesRequestSchema, response: { 200: workingTimeRulesSchema } },
      preHandler: managers,
    },
    async (request) => updateWorkingTimeRules(deps, requireActor(request), request.body),
  );

  routes.get(
    '/registro/mine',
    { schema: { tags, summary: 'Mi registro de jornada de un mes', querystring: myRegistroQuerySchema, response: { 200: registroMonthSchema } }, preHandler: workersReading },
    async (request) => getMyMonth(deps, requireActor(request), request.query.month),
  );

  routes.get(
    '/registro/mine/download',
    { schema: { tags, summary: 'Descargar mi registro de jornada de un mes (PDF o CSV)', querystring: myRegistroDownloadQuerySchema }, preHandler: workersReading },
    async (request, reply) => sendDownload(reply, await downloadMyMonth(deps, requireActor(request), request.query)),
  );

  routes.post(
    '/registro/mine/sign',
    { schema: { tags, summary: 'Firmar mi registro de jornada de un mes cerrado', body: signMonthRequestSchema, response: { 201: registroMonthSchema } }, preHandler: workers },
    async (request, reply) => reply.status(201).send(await signMyMonth(deps, requireActor(request), request.body)),
  );

  routes.get(
    '/registro/company',
    {
      schema: { tags, summary: 'Registro de jornada de la empresa: firmas del mes', querystring: companyRegistroQuerySchema, response: { 200: companyRegistroSchema } },
      preHandler: recordReaders,
    },
    async (request) => getCompanyMonth(deps, requireActor(request), request.query),
  );

  routes.get(
    '/registro/company/download',
    { schema: { tags, summary: 'Descargar el registro de jornada de la empresa de un mes', querystring: companyRegistroDownloadQuerySchema }, preHandler: recordReaders },
    async (request, reply) => sendDownload(reply, await downloadCompanyMonth(deps, requireActor(request), request.query)),
  );

  routes.get(
    '/registro/employees/:userId',
    {
      schema: {
        tags,
        summary: 'Registro de jornada de un trabajador de la empresa',
        params: employeeRegistroParamsSchema,
        querystring: employeeMonthQuerySchema,
        response: { 200: registroMonthSchema },
      },
      preHandler: recordReaders,
    },
    async (request) => getEmployeeMonth(deps, requireActor(request), request.params.userId, request.query),
  );

  routes.get(
    '/registro/employees/:userId/download',
    {
      schema: { tags, summary: 'Descargar el registro de jornada de un trabajador', params: employeeRegistroParamsSchema, querystring: companyRegistroDownloadQuerySchema },
      preHandler: recordReaders,
    },
    async (request, reply) => sendDownload(reply, await downloadEmployeeMonth(deps, requireActor(request), request.params.userId, request.query)),
  );
}
