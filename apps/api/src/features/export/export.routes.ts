import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportFileName, exportQuerySchema, monthlyExportSchema, type MonthlyExport } from '@jornada/shared/schemas/export';
import { DATA_VIEWS } from '@jornada/shared/permissions';
import { authorize, requireActor } from '../../lib/authorization';
import { Readable } from 'node:stream';
import { streamMonthlyExport } from './export.service';

export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const deps = { db: app.db, clock: app.clock, timeZone: app.config.timeZone, exportWorker: app.exportWorker };
  app.withTypeProvider<ZodTypeProvider>().get(
    '/export',
    {
      schema: { tags: ['export'], summary: 'Informe mensual de la empresa (JSON descargable)', querystring: exportQuerySchema, response: { 200: monthlyExportSchema } },
      preHandler: authorize({ roles: ['Supervisor', 'Administrador'], view: DATA_VIEWS.peopleAndRecords }),
    },
    async (request, reply) => {
      const report = await streamMonthlyExport(deps, requireActor(request), request.query.month);
      const fileName = exportFileName(report.company.name, report.month);
      // RFC 6266: an ASCII fallback plus the UTF-8 name ('Protección Norte_2026_11.json').
      const ascii = fileName.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/"/g, '');
      reply.header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
      reply.header('Cache-Control', 'no-store');
      // Streamed (the schema above documents it; Fastify does not re-serialize a stream). As bytes,
      // not objects: each piece leaves the V8 heap at once (pieces waiting for a slow client were
      // copied by every young-generation GC, 10-40 ms pauses under load), and the stream reads ahead
      // one piece (16 KB), not sixteen.
      reply.type('application/json; charset=utf-8');
      return reply.send(Readable.from(report.chunks, { objectMode: false }) as unknown as MonthlyExport);
    },
  );
}
