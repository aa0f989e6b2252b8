import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { myPayrollQuerySchema, myPayrollResponseSchema, payrollExportFileName, payrollExportQuerySchema, payrollMonthRequestSchema, payrollQuerySchema, payrollResponseSchema } from '@jornada/shared/schemas/payroll';
import { DATA_VIEWS } from '@jornada/shared/permissions';
import { authorize, requireActor } from '../../lib/authorization';
import { contentDisposition } from '../../ledgers/files/stored-files';
import { renderPayrollCsv, streamPayrollXlsx, XLSX_CONTENT_TYPE } from './payroll-export';
import { closePayrollMonth, getMyPayroll, getPayrollSheet, loadPayrollExport, reopenPayrollMonth } from './payroll.service';

const managers = ['Supervisor', 'Administrador'] as const;
/** The same gate as 'Pagos': everyone's hours (decision 032). */
const payrollGate = authorize({ roles: managers, view: DATA_VIEWS.peopleAndRecords });
/** 'Mis Horas' shows the caller's own line: gated like the rest of that screen. */
const myPayrollGate = authorize({ roles: ['Empleado', 'Supervisor'], view: 'my-hours' });

export async function payrollRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, timeZone: app.config.timeZone };
  const tags = ['payroll'];

  routes.get(
    '/payroll',
    { schema: { tags, summary: 'Hoja de nómina del mes por conceptos', querystring: payrollQuerySchema, response: { 200: payrollResponseSchema } }, preHandler: payrollGate },
    async (request) => getPayrollSheet(deps, requireActor(request), request.query),
  );
  routes.get(
    '/payroll/export',
    {
      schema: { tags, summary: 'Descargar la nómina del mes por empleado y concepto (XLSX o CSV, docs/payroll-export.md)', querystring: payrollExportQuerySchema },
      preHandler: payrollGate,
    },
    async (request, reply) => {
      // Everything that can fail (month, company, the sheet) is settled before the first byte.
      const data = await loadPayrollExport(deps, requireActor(request), request.query);
      reply
        .header('Content-Disposition', contentDisposition(payrollExportFileName(data.sheet.month, request.query.format)))
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff');
      if (request.query.format === 'csv') return reply.type('text/csv; charset=utf-8').send(renderPayrollCsv(data));
      return reply.type(XLSX_CONTENT_TYPE).send(streamPayrollXlsx(data));
    },
  );
  routes.get(
    '/payroll/mine',
    {
      schema: { tags, summary: 'Mis Horas: mi desglose de nómina del mes', querystring: myPayrollQuerySchema, response: { 200: myPayrollResponseSchema } },
      preHandler: myPayrollGate,
    },
    async (request) => getMyPayroll(deps, requireActor(request), request.query),
  );
  routes.post(
    '/payroll/close',
    { schema: { tags, summary: 'Cerrar la nómina del mes', body: payrollMonthRequestSchema, response: { 200: payrollResponseSchema } }, preHandler: payrollGate },
    async (request) => closePayrollMonth(deps, requireActor(request), request.body),
  );
  routes.post(
    '/payroll/reopen',
    { schema: { tags, summary: 'Reabrir la nómina del mes', body: payrollMonthRequestSchema, response: { 200: payrollResponseSchema } }, preHandler: payrollGate },
    async (request) => reopenPayrollMonth(deps, requireActor(request), request.body),
  );
}
