import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@jornada/shared/schemas/common';
import { archiveDownloadQuerySchema, archivedRecordsQuerySchema, archivedRecordsResponseSchema, legalArchiveResponseSchema } from '@jornada/shared/schemas/legal-archive';
import { authorize, requireActor } from '../../lib/authorization';
import { sendRegistroFile } from '../access-links/registro-download';
import { downloadArchivedYear, listArchive, listArchivedRecords } from './legal-archive.service';

/** 'Archivo Legal' (issue 11, part 7): deleted companies' and workers' registro, platform admins only. */
export async function legalArchiveRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, timeZone: app.config.timeZone };
  const tags = ['legal-archive'];
  const preHandler = authorize({ roles: ['Administrador'] });

  routes.get(
    '/legal-archive',
    { schema: { tags, summary: 'Archivo legal: empresas y trabajadores eliminados con registro de jornada', response: { 200: legalArchiveResponseSchema } }, preHandler },
    async (request) => listArchive(deps, requireActor(request)),
  );

  routes.get(
    '/legal-archive/:id/records',
    {
      schema: { tags, summary: 'Fichajes archivados de una empresa o un trabajador eliminado', params: idParamsSchema, querystring: archivedRecordsQuerySchema, response: { 200: archivedRecordsResponseSchema } },
      preHandler,
    },
    async (request) => listArchivedRecords(deps, requireActor(request), request.params.id, request.query),
  );

  routes.get(
    '/legal-archive/:id/download',
    { schema: { tags, summary: 'Descargar un año del registro archivado en PDF o CSV', params: idParamsSchema, querystring: archiveDownloadQuerySchema }, preHandler },
    async (request, reply) => sendRegistroFile(reply, await downloadArchivedYear(deps, requireActor(request), request.params.id, request.query)),
  );
}
