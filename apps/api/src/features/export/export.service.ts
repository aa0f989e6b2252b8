import { monthRange } from '@jornada/shared/format';
import { EXPORT_NO_COMPANY_MESSAGE, type MonthlyExport } from '@jornada/shared/schemas/export';
import type { Actor } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { unprocessable } from '../../lib/errors';
import { appendAction } from '../../ledgers/action-log/action-log';
import { monthlyExportChunks, type ExportJob } from './export-document';
import type { ExportWorker } from './export-jobs';

export interface MonthlyExportStream {
  month: string;
  company: { id: string; name: string };
  /** The JSON document of `monthlyExportSchema`, in pieces (UTF-8 bytes when the export worker built them). */
  chunks: AsyncIterable<string | Buffer>;
}

export interface ExportDeps extends ServiceDeps {
  timeZone: string;
  exportWorker?: ExportWorker | null;
}

/**
 * The monthly report, built on the server with the same company scope as the screens it summarizes
 * (kimai's lesson: an export must not be a side door). Only the caller's own company is ever read.
 * Checks and the action-log entry happen before the first byte; the document is then written a
 * piece at a time (the time records a page at a time), so one export of a large company never
 * holds the server for hundreds of milliseconds nor builds the whole file in memory.
 */
export async function streamMonthlyExport(deps: ExportDeps, actor: Actor, month: string): Promise<MonthlyExportStream> {
  if (!actor.companyId) throw unprocessable(EXPORT_NO_COMPANY_MESSAGE);
  const company = await deps.db.selectFrom('companies').select(['id', 'name']).where('id', '=', actor.companyId).executeTakeFirst();
  if (!company) throw unprocessable(EXPORT_NO_COMPANY_MESSAGE);
  const range = monthRange(month, deps.timeZone);
  const window = { companyId: company.id, month, from: range.start.toISOString(), to: range.end.toISOString() };
  await appendAction(deps.db, {
    actorId: actor.userId,
    actorName: actor.name,
    companyId: company.id,
    kind: 'export.monthly',
    message: `${actor.name} ha generado el informe mensual de ${month}`,
    at: deps.clock(),
  });
  const job: ExportJob = { month, company, window };
  // On SQLite the document is built by the export worker on its own connection, off the thread
  // that answers clock-ins (export-jobs.ts); without one (PostgreSQL, tests, development), here.
  return { month, company, chunks: deps.exportWorker ? deps.exportWorker.chunks(job) : monthlyExportChunks(deps.db, job) };
}

/** The whole report as one object (tests and callers that want it parsed). */
export async function buildMonthlyExport(deps: ExportDeps, actor: Actor, month: string): Promise<MonthlyExport> {
  const stream = await streamMonthlyExport(deps, actor, month);
  let text = '';
  // Each piece is whole JSON text on its own, so decoding piece by piece never splits a character.
  for await (const chunk of stream.chunks) text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  return JSON.parse(text) as MonthlyExport;
}
