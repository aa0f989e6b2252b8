import { SqliteAdapter, type Kysely } from 'kysely';
import { DEFAULT_TIME_ZONE, monthKeyOf } from '@jornada/shared/format';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-batch';
import type { Clock } from '../../lib/clock';
import { groupBy } from '../../lib/group-by';
import { appendAction } from '../../ledgers/action-log/action-log';
import { markChainEntriesPurged } from '../../ledgers/registro-chain/registro-chain';

/** Estatuto de los Trabajadores art. 34.9: the registro de jornada is kept four years (decision 014). */
export const RETENTION_YEARS = 4;
const BATCH = 500;
/** SQLite: a smaller batch (issue 29's growth bench; decision 014 addendum). */
const SQLITE_BATCH = 50;
const MIN_PAUSE_MS = 30;

/**
 * The purge is a daily background task beside a server that clocks people in: after each batch it
 * pauses as long as the batch took (at least 30 ms), so the writer and the machine are free more
 * than half of the time.
 *
 * SQLite has one writer: while a batch holds the write lock, a server's clock-in waits in SQLite's
 * busy handler, which sleeps in steps of up to 25 ms and more. Purging back to back, the next batch
 * took the lock before the waiting clock-in's retry, and clock-ins waited out several batches (p99
 * 5–12× the quiet one in the growth bench); batches of 50 keep each wait short.
 *
 * PostgreSQL has no single writer, but back-to-back batches of 500 (the CLI and its backend) took a
 * core from the server and its clock-ins for as long as the purge ran: at 16× the bench's data
 * (36 s of batches) the clock-in p99 was 2.35× the quiet one, against 1.24× at 1×.
 */
function batchPacing(db: Kysely<DB>): { size: number; pause: (startedMs: number) => Promise<void> } {
  return {
    size: db.getExecutor().adapter instanceof SqliteAdapter ? SQLITE_BATCH : BATCH,
    pause: (startedMs) => new Promise((resolve) => setTimeout(resolve, Math.max(MIN_PAUSE_MS, performance.now() - startedMs))),
  };
}

/** Anything that started before this instant is more than four years old. */
export function retentionCutoff(now: Date): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - RETENTION_YEARS);
  return cutoff;
}

export interface PurgeSummary {
  cutoff: string;
  timeRecords: number;
  amendments: number;
  signedMonths: number;
  archivedSubjects: number;
}

type Counts = { timeRecords: number; amendments: number; signedMonths: number };

function addTo(perCompany: Map<string, Counts>, companyId: string, change: Partial<Counts>) {
  const counts = perCompany.get(companyId) ?? { timeRecords: 0, amendments: 0, signedMonths: 0 };
  counts.timeRecords += change.timeRecords ?? 0;
  counts.amendments += change.amendments ?? 0;
  counts.signedMonths += change.signedMonths ?? 0;
  perCompany.set(companyId, counts);
}

/**
 * Records (with their corrections) that started before the cutoff, in batches of one transaction each.
 * Every batch is a writeTransaction: on SQLite it begins IMMEDIATE, so `npm run purge-expired` beside
 * a running server waits for the write lock instead of failing its first write with
 * SQLITE_BUSY_SNAPSHOT ('database is locked') when a clock-in committed after its batch's first read.
 */
async function purgeRecords(db: Kysely<DB>, cutoff: string, now: Date, perCompany: Map<string, Counts>): Promise<void> {
  const pacing = batchPacing(db);
  for (;;) {
    const started = performance.now();
    const records = await db.selectFrom('time_records').select(['id', 'company_id']).where('start_time', '<', cutoff).orderBy('start_time').orderBy('id').limit(pacing.size).execute();
    if (records.length === 0) return;
    await writeTransaction(db, async (trx) => {
      const recordIds = records.map((record) => record.id);
      const amendments = await trx.selectFrom('time_record_amendments').select(['id', 'company_id']).where('record_id', 'in', recordIds).execute();
      // The ledger keeps its entries (ids and hashes only), marked purged: verify-registro checks them by linkage.
      const subjects = groupBy([...records, ...amendments], (row) => row.company_id, (row) => row.id);
      for (const [companyId, ids] of subjects) await markChainEntriesPurged(trx, companyId, ids, now);
      if (amendments.length > 0) await deleteAmendments(trx, amendments.map((row) => row.id));
      await trx.deleteFrom('time_records').where('id', 'in', recordIds).execute();
      for (const row of records) addTo(perCompany, row.company_id, { timeRecords: 1 });
      for (const row of amendments) addTo(perCompany, row.company_id, { amendments: 1 });
    });
    await pacing.pause(started);
  }
}

/** Corrections go with their approval signatures (registro files, which nothing else deletes; decision 036). */
async function deleteAmendments(trx: Kysely<DB>, ids: string[]): Promise<void> {
  await trx
    .deleteFrom('files')
    .where('purpose', '=', 'registro-signature')
    .where('id', 'in', trx.selectFrom('time_record_amendments').select('signature_file_id').where('id', 'in', ids).where('signature_file_id', 'is not', null))
    .execute();
  await trx.deleteFrom('time_record_amendments').where('id', 'in', ids).execute();
}

/** Corrections left without a record (their record is gone) that were proposed before the cutoff. */
async function purgeOrphanAmendments(db: Kysely<DB>, cutoff: string, now: Date, perCompany: Map<string, Counts>): Promise<void> {
  for (;;) {
    const amendments = await db
      .selectFrom('time_record_amendments')
      .select(['id', 'company_id'])
      .where('created_at', '<', cutoff)
      .where((eb) => eb.or([eb('record_id', 'is', null), eb.not(eb.exists(eb.selectFrom('time_records').select('time_records.id').whereRef('time_records.id', '=', 'time_record_amendments.record_id')))]))
      .orderBy('created_at')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (amendments.length === 0) return;
    await writeTransaction(db, async (trx) => {
      for (const [companyId, ids] of groupBy(amendments, (row) => row.company_id, (row) => row.id)) await markChainEntriesPurged(trx, companyId, ids, now);
      await deleteAmendments(trx, amendments.map((row) => row.id));
      for (const row of amendments) addTo(perCompany, row.company_id, { amendments: 1 });
    });
  }
}

/** Signed months wholly before the cutoff's month (a month is kept until all of it is four years old). */
async function purgeSignedMonths(db: Kysely<DB>, cutoff: Date, timeZone: string, perCompany: Map<string, Counts>): Promise<void> {
  const cutoffMonth = monthKeyOf(cutoff, timeZone);
  for (;;) {
    const months = await db.selectFrom('signed_months').select(['id', 'company_id']).where('month', '<', cutoffMonth).orderBy('month').orderBy('id').limit(BATCH).execute();
    if (months.length === 0) return;
    const ids = months.map((row) => row.id);
    // The signature file goes with its month, in the same transaction.
    await writeTransaction(db, async (trx) => {
      await trx
        .deleteFrom('files')
        .where('purpose', '=', 'registro-signature')
        .where('id', 'in', trx.selectFrom('signed_months').select('signature_file_id').where('id', 'in', ids))
        .execute();
      await trx.deleteFrom('signed_months').where('id', 'in', ids).execute();
    });
    for (const row of months) addTo(perCompany, row.company_id, { signedMonths: 1 });
  }
}

/** Archived companies and users the legal record no longer names: nothing of theirs is left to keep. */
async function purgeEmptySubjects(db: Kysely<DB>): Promise<number> {
  const result = await db
    .deleteFrom('legal_archive_subjects')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('kind', '=', 'company'),
          eb.not(eb.exists(eb.selectFrom('time_records').select('time_records.id').whereRef('time_records.company_id', '=', 'legal_archive_subjects.company_id'))),
          eb.not(eb.exists(eb.selectFrom('time_record_amendments').select('time_record_amendments.id').whereRef('time_record_amendments.company_id', '=', 'legal_archive_subjects.company_id'))),
          eb.not(eb.exists(eb.selectFrom('signed_months').select('signed_months.id').whereRef('signed_months.company_id', '=', 'legal_archive_subjects.company_id'))),
        ]),
        eb.and([
          eb('kind', '=', 'user'),
          eb.not(eb.exists(eb.selectFrom('time_records').select('time_records.id').whereRef('time_records.user_id', '=', 'legal_archive_subjects.subject_id'))),
          eb.not(eb.exists(eb.selectFrom('time_record_amendments').select('time_record_amendments.id').whereRef('time_record_amendments.user_id', '=', 'legal_archive_subjects.subject_id'))),
          eb.not(
            eb.exists(
              eb.selectFrom('signed_months').select('signed_months.id').whereRef('signed_months.company_id', '=', 'legal_archive_subjects.company_id').whereRef('signed_months.user_id', '=', 'legal_archive_subjects.subject_id'),
            ),
          ),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The retention task (issue 11, part 7; decision 014): deletes the time records, corrections and
 * signed months more than four years old, of every company, live or deleted; drops the archived
 * names nothing refers to any more; marks the ledger entries purged so the chain still verifies;
 * logs one summary per company. Idempotent: run at start, daily, and by `npm run purge-expired`.
 */
export async function purgeExpired(db: Kysely<DB>, clock: Clock, options: { timeZone?: string } = {}): Promise<PurgeSummary> {
  const now = clock();
  const cutoff = retentionCutoff(now);
  const perCompany = new Map<string, Counts>();
  await purgeRecords(db, cutoff.toISOString(), now, perCompany);
  await purgeOrphanAmendments(db, cutoff.toISOString(), now, perCompany);
  await purgeSignedMonths(db, cutoff, options.timeZone ?? DEFAULT_TIME_ZONE, perCompany);
  const archivedSubjects = await purgeEmptySubjects(db);

  for (const [companyId, counts] of perCompany) {
    await appendAction(db, {
      actorId: null,
      actorName: 'Sistema',
      companyId,
      kind: 'registro.purge',
      message: `Purga del registro de jornada: ${counts.timeRecords} fichajes, ${counts.amendments} correcciones y ${counts.signedMonths} meses firmados de más de ${RETENTION_YEARS} años eliminados`,
      at: now,
    });
  }
  const total = (key: keyof Counts) => [...perCompany.values()].reduce((sum, counts) => sum + counts[key], 0);
  return { cutoff: cutoff.toISOString(), timeRecords: total('timeRecords'), amendments: total('amendments'), signedMonths: total('signedMonths'), archivedSubjects };
}

/** One line for the console and the server log. */
export function formatPurgeSummary(summary: PurgeSummary): string {
  return (
    `Purga del registro de jornada (anterior a ${summary.cutoff}): ${summary.timeRecords} fichajes, ` +
    `${summary.amendments} correcciones, ${summary.signedMonths} meses firmados y ${summary.archivedSubjects} entradas del archivo legal eliminados.`
  );
}
