import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as repository from './export.repository';

/** What one monthly export reads: everything the checks before it settled. */
export interface ExportJob {
  month: string;
  company: { id: string; name: string };
  window: repository.MonthWindow;
}

/** Lets pending work (a clock-in on the serving thread) run between two pieces of a long export. */
const yieldToOtherWork = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `prefix` then a JSON array of every page's items, one piece per page, yielding between pages. */
async function* jsonArray(prefix: string, pages: AsyncIterable<unknown[]>): AsyncGenerator<string> {
  let first = true;
  for await (const page of pages) {
    if (page.length === 0) continue;
    yield `${first ? `${prefix}[` : ','}${page.map((item) => JSON.stringify(item)).join(',')}`;
    first = false;
    await yieldToOtherWork();
  }
  yield first ? `${prefix}[]` : ']';
}

/**
 * The JSON document of `monthlyExportSchema`, a piece at a time (the time records a page at a
 * time), so neither the document nor one long read ever holds the thread that builds it. Runs on
 * whichever connection it is given: the export worker's own on SQLite (export-jobs.ts), the
 * serving pool on PostgreSQL.
 */
export async function* monthlyExportChunks(db: Kysely<DB>, { month, company, window }: ExportJob): AsyncGenerator<string> {
  yield `{"month":${JSON.stringify(month)},"company":${JSON.stringify(company)}`;
  yield `,"employees":${JSON.stringify(await repository.readEmployees(db, window.companyId))}`;
  await yieldToOtherWork();
  // Arrays written element by element produce the very text JSON.stringify of the whole array would.
  yield* jsonArray(',"events":', repository.readEventPages(db, window));
  yield* jsonArray(',"timeRecords":', repository.readTimeRecordPages(db, window));
  yield `,"workReports":${JSON.stringify(await repository.readWorkReports(db, window))}`;
  yield `,"materialLoans":${JSON.stringify(await repository.readMaterialLoans(db, window))}`;
  yield `,"payments":${JSON.stringify(await repository.readPayments(db, window))}}`;
}
