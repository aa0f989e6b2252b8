import { sql, type Kysely, type Selectable } from 'kysely';
import type { Correction } from '@jornada/shared/schemas/corrections';
import { CORRECTED_ADDED, parseTimeRecordFlags } from '@jornada/shared/schemas/time-records';
import { SIN_CIERRE_GRACE_MS, SIN_CIERRE_WITHOUT_EVENT_MS } from '@jornada/shared/sin-cierre';
import type { DB, TimeRecordAmendmentsTable, TimeRecordsTable } from '../../db/schema';
import { preparedQuery } from '../../db/prepared-query';
import type { CompanyScope } from '../../lib/authorization';

export type AmendmentRow = Selectable<TimeRecordAmendmentsTable>;

/** A record of a company that still exists (a deleted company's records leave every screen, decision 8). */
export async function findLiveRecord(db: Kysely<DB>, id: string): Promise<(Selectable<TimeRecordsTable> & { event_end: string | null }) | undefined> {
  return db
    .selectFrom('time_records')
    .innerJoin('companies', 'companies.id', 'time_records.company_id')
    .leftJoin('events', 'events.id', 'time_records.event_id')
    .selectAll('time_records')
    .select('events.end_time as event_end')
    .where('time_records.id', '=', id)
    .executeTakeFirst();
}

export async function findLiveAmendment(db: Kysely<DB>, id: string): Promise<AmendmentRow | undefined> {
  return db
    .selectFrom('time_record_amendments')
    .innerJoin('companies', 'companies.id', 'time_record_amendments.company_id')
    .selectAll('time_record_amendments')
    .where('time_record_amendments.id', '=', id)
    .executeTakeFirst();
}

export async function hasPendingAmendment(db: Kysely<DB>, recordId: string): Promise<boolean> {
  const row = await db.selectFrom('time_record_amendments').select('id').where('record_id', '=', recordId).where('status', '=', 'pendiente').executeTakeFirst();
  return row !== undefined;
}

export async function insertAmendment(db: Kysely<DB>, row: Omit<AmendmentRow, 'hash'>): Promise<void> {
  await db.insertInto('time_record_amendments').values({ ...row, hash: null }).execute();
}

/** Moves a pending amendment to its decision; false when someone decided it first. */
export async function decideAmendment(
  db: Kysely<DB>,
  id: string,
  decision: Pick<AmendmentRow, 'status' | 'decided_by' | 'decided_at' | 'decision_note' | 'signature_file_id'>,
): Promise<boolean> {
  const result = await db.updateTable('time_record_amendments').set(decision).where('id', '=', id).where('status', '=', 'pendiente').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Applies an approved amendment: only if the record still holds the values it was proposed against,
 * so a correction never lands on a record that changed meanwhile.
 */
export async function applyAmendment(db: Kysely<DB>, amendment: AmendmentRow, duration: number): Promise<boolean> {
  const result = await db
    .updateTable('time_records')
    // A record added by a correction keeps its 'Alta por corrección' mark when corrected again.
    .set((eb) => ({
      start_time: amendment.after_start,
      end_time: amendment.after_end,
      duration,
      status: 'completado',
      corrected: eb.case().when('corrected', '=', CORRECTED_ADDED).then(CORRECTED_ADDED).else(1).end(),
    }))
    .where('id', '=', amendment.record_id as string)
    .where('start_time', '=', amendment.before_start as string)
    .where((eb) => (amendment.before_end === null ? eb('end_time', 'is', null) : eb('end_time', '=', amendment.before_end)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

function amendmentQuery(db: Kysely<DB>) {
  return db
    .selectFrom('time_record_amendments as a')
    // Inner join: a deleted company's corrections leave every screen (kept for the legal archive).
    .innerJoin('companies', 'companies.id', 'a.company_id')
    .leftJoin('users as worker', 'worker.id', 'a.user_id')
    .leftJoin('users as proposer', 'proposer.id', 'a.proposed_by')
    .leftJoin('users as decider', 'decider.id', 'a.decided_by')
    .leftJoin('events', 'events.id', 'a.event_id')
    .leftJoin('time_records as record', 'record.id', 'a.record_id')
    .selectAll('a')
    .select(['companies.name as company_name', 'worker.name as user_name', 'proposer.name as proposer_name', 'decider.name as decider_name', 'events.name as event_name', 'record.flags as record_flags']);
}

type ListedRow = Awaited<ReturnType<ReturnType<typeof amendmentQuery>['executeTakeFirstOrThrow']>>;

export type CorrectionView = Omit<Correction, 'canDecide' | 'canWithdraw'>;

function toCorrection(row: ListedRow): CorrectionView {
  return {
    id: row.id,
    recordId: row.record_id,
    companyId: row.company_id,
    companyName: row.company_name,
    userId: row.user_id,
    userName: row.user_name,
    eventId: row.event_id,
    eventName: row.event_name,
    proposedBy: row.proposed_by,
    proposerName: row.proposer_name,
    proposerSide: row.proposer_side,
    status: row.status,
    reason: row.reason,
    beforeStart: row.before_start,
    beforeEnd: row.before_end,
    afterStart: row.after_start,
    afterEnd: row.after_end,
    decidedBy: row.decided_by,
    deciderName: row.decider_name,
    decidedAt: row.decided_at,
    decisionNote: row.decision_note,
    signed: row.signature_file_id !== null,
    missingRecord: row.before_start === null,
    recordFlags: parseTimeRecordFlags(row.record_flags),
    createdAt: row.created_at,
  };
}

export async function findCorrection(db: Kysely<DB>, id: string): Promise<CorrectionView | undefined> {
  const row = await amendmentQuery(db).where('a.id', '=', id).executeTakeFirst();
  return row && toCorrection(row);
}

/** 'Historial de cambios' of one record, oldest first (bounded: one pending at a time keeps it short). */
export async function listRecordCorrections(db: Kysely<DB>, recordId: string): Promise<CorrectionView[]> {
  const rows = await amendmentQuery(db).where('a.record_id', '=', recordId).orderBy('a.created_at').orderBy('a.id').limit(200).execute();
  return rows.map(toCorrection);
}

export interface CorrectionFilter {
  scope: CompanyScope;
  /** Only this worker's (an Empleado sees only their own). */
  userId?: string;
  companyId?: string;
  status: 'pendiente' | 'decididas';
  cursor?: { createdAt: string; id: string };
  limit: number;
}

/** Newest first, keyset-paginated on (created_at, id). */
export async function listCorrections(db: Kysely<DB>, filter: CorrectionFilter): Promise<CorrectionView[]> {
  const companyId = filter.scope.kind === 'company' ? filter.scope.companyId : filter.companyId;
  const rows = await amendmentQuery(db)
    .$if(companyId !== undefined, (query) => query.where('a.company_id', '=', companyId as string))
    .$if(filter.userId !== undefined, (query) => query.where('a.user_id', '=', filter.userId as string))
    .$if(filter.status === 'pendiente', (query) => query.where('a.status', '=', 'pendiente'))
    .$if(filter.status === 'decididas', (query) => query.where('a.status', 'in', ['aprobada', 'rechazada', 'retirada']))
    .$if(filter.cursor !== undefined, (query) => {
      const cursor = filter.cursor as { createdAt: string; id: string };
      return query.where((eb) => eb.or([eb('a.created_at', '<', cursor.createdAt), eb.and([eb('a.created_at', '=', cursor.createdAt), eb('a.id', '<', cursor.id)])]));
    })
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(filter.limit)
    .execute();
  return rows.map(toCorrection);
}

/** Pending amendments the caller is the other side of (see service.awaitingFilter). */
export async function countPending(
  db: Kysely<DB>,
  filter: { companyId?: string; workerId?: string; notWorkerId?: string; side: 'empleado' | 'empresa' },
): Promise<number> {
  // The worker's own count is on every overview: prepared (the general form is built per call).
  if (filter.workerId !== undefined && filter.companyId === undefined && filter.notWorkerId === undefined) {
    const counted = await pendingForWorkerQuery.takeFirst(db, { workerId: filter.workerId, side: filter.side });
    return Number(counted?.count ?? 0);
  }
  const row = await db
    .selectFrom('time_record_amendments as a')
    .innerJoin('companies', 'companies.id', 'a.company_id')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('a.status', '=', 'pendiente')
    .where('a.proposer_side', '=', filter.side)
    .$if(filter.companyId !== undefined, (query) => query.where('a.company_id', '=', filter.companyId as string))
    .$if(filter.workerId !== undefined, (query) => query.where('a.user_id', '=', filter.workerId as string))
    .$if(filter.notWorkerId !== undefined, (query) => query.where('a.user_id', '<>', filter.notWorkerId as string))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const pendingForWorkerQuery = preparedQuery<{ workerId: string; side: 'empleado' | 'empresa' }>()((db, param) =>
  db
    .selectFrom('time_record_amendments as a')
    .innerJoin('companies', 'companies.id', 'a.company_id')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('a.status', '=', 'pendiente')
    .where('a.proposer_side', '=', param('side'))
    .where('a.user_id', '=', param('workerId')),
);

/**
 * The 'Sin cierre' condition in SQL (same rule as @jornada/shared/sin-cierre): active, and its event
 * ended 2 hours ago, or its event is gone and it started 24 hours ago.
 */
function sinCierreQuery(db: Kysely<DB>, now: Date, filter: { companyId?: string; userId?: string }) {
  const endedBefore = new Date(now.getTime() - SIN_CIERRE_GRACE_MS).toISOString();
  const startedBefore = new Date(now.getTime() - SIN_CIERRE_WITHOUT_EVENT_MS).toISOString();
  return db
    .selectFrom('time_records')
    .innerJoin('companies', 'companies.id', 'time_records.company_id')
    .leftJoin('events', 'events.id', 'time_records.event_id')
    .where('time_records.status', '=', 'activo')
    .$if(filter.companyId !== undefined, (query) => query.where('time_records.company_id', '=', filter.companyId as string))
    .$if(filter.userId !== undefined, (query) => query.where('time_records.user_id', '=', filter.userId as string))
    .where((eb) =>
      eb.or([
        eb('events.end_time', '<=', endedBefore),
        eb.and([eb('events.id', 'is', null), eb('time_records.start_time', '<=', startedBefore)]),
      ]),
    );
}

const sinCierreOfUserQuery = preparedQuery<{ userId: string; endedBefore: string; startedBefore: string }>()((db, param) =>
  db
    .selectFrom('time_records')
    .innerJoin('companies', 'companies.id', 'time_records.company_id')
    .leftJoin('events', 'events.id', 'time_records.event_id')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('time_records.user_id', '=', param('userId'))
    // A literal, so SQLite can match the one-active partial index's predicate.
    .where('time_records.status', '=', sql.lit('activo'))
    .where((eb) =>
      eb.or([
        eb('events.end_time', '<=', param('endedBefore')),
        eb.and([eb('events.id', 'is', null), eb('time_records.start_time', '<=', param('startedBefore'))]),
      ]),
    ),
);

export async function countSinCierre(db: Kysely<DB>, now: Date, filter: { companyId?: string; userId?: string }): Promise<number> {
  if (filter.userId !== undefined && filter.companyId === undefined) {
    // An Empleado's overview asks on every visit: the same rule, prepared.
    const counted = await sinCierreOfUserQuery.takeFirst(db, {
      userId: filter.userId,
      endedBefore: new Date(now.getTime() - SIN_CIERRE_GRACE_MS).toISOString(),
      startedBefore: new Date(now.getTime() - SIN_CIERRE_WITHOUT_EVENT_MS).toISOString(),
    });
    return Number(counted?.count ?? 0);
  }
  const row = await sinCierreQuery(db, now, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listSinCierreIds(db: Kysely<DB>, now: Date, filter: { companyId?: string; userId?: string }, limit: number): Promise<string[]> {
  const rows = await sinCierreQuery(db, now, filter).select('time_records.id').orderBy('time_records.start_time').limit(limit).execute();
  return rows.map((row) => row.id);
}
