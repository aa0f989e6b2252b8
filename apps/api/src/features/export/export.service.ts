import { monthRange } from '@jornada/shared/format';
import { EXPORT_NO_COMPANY_MESSAGE, type MonthlyExport } from '@jornada/shared/schemas/export';
import type { Actor } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { unprocessable } from '../../lib/errors';
import { appendAction } from '../action-log/action-log.repository';
import * as repository from './export.repository';

export interface MonthlyExportStream {
  month: string;
  company: { id: string; name: string };
  /** The JSON document of `monthlyExportSchema`, in pieces. */
  chunks: AsyncIterable<string>;
}

/** Lets pending requests (a clock-in) run between two pieces of a long export. */
const yieldToOtherRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `prefix` then a JSON array of every page's items, one piece per page, yielding the event loop between pages. */
async function* jsonArray(prefix: string, pages: AsyncIterable<unknown[]>): AsyncGenerator<string> {
  let first = true;
  for await (const page of pages) {
    if (page.length === 0) continue;
    yield `${first ? `${prefix}[` : ','}${page.map((item) => JSON.stringify(item)).join(',')}`;
    first = false;
    await yieldToOtherRequests();
  }
  yield first ? `${prefix}[]` : ']';
}

/**
 * The monthly report, built on the server with the same company scope as the screens it summarizes
 * (kimai's lesson: an export must not be a side door). Only the caller's own company is ever read.
 * Checks and the action-log entry happen before the first byte; the document is then written a
 * piece at a time (the time records a page at a time), so one export of a large company never
 * holds the server for hundreds of milliseconds nor builds the whole file in memory.
 */
export async function streamMonthlyExport(deps: ServiceDeps & { timeZone: string }, actor: Actor, month: string): Promise<MonthlyExportStream> {
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
  const db = deps.db;
  async function* chunks(): AsyncGenerator<string> {
    yield `{"month":${JSON.stringify(month)},"company":${JSON.stringify(company)}`;
    yield `,"employees":${JSON.stringify(await repository.readEmployees(db, window.companyId))}`;
    await yieldToOtherRequests();
    // Arrays written element by element produce the very text JSON.stringify of the whole array would.
    yield* jsonArray(',"events":', repository.readEventPages(db, window));
    yield* jsonArray(',"timeRecords":', repository.readTimeRecordPages(db, window));
    yield `,"workReports":${JSON.stringify(await repository.readWorkReports(db, window))}`;
    yield `,"materialLoans":${JSON.stringify(await repository.readMaterialLoans(db, window))}`;
    yield `,"payments":${JSON.stringify(await repository.readPayments(db, window))}}`;
  }
  return { month, company, chunks: chunks() };
}

/** The whole report as one object (tests and callers that want it parsed). */
export async function buildMonthlyExport(deps: ServiceDeps & { timeZone: string }, actor: Actor, month: string): Promise<MonthlyExport> {
  const stream = await streamMonthlyExport(deps, actor, month);
  let text = '';
  for await (const chunk of stream.chunks) text += chunk;
  return JSON.parse(text) as MonthlyExport;
}
