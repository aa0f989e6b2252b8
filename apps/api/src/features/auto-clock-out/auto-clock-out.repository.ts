import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, TimeRecordsTable } from '../../db/schema';

/** The companies with 'Cierre automático' on, and their tolerance in minutes. */
export async function listEnabledCompanies(db: Kysely<DB>): Promise<{ companyId: string; toleranceMin: number }[]> {
  const rows = await db.selectFrom('company_settings').select(['company_id', 'auto_clock_out_tolerance_min']).where('auto_clock_out', '=', 1).orderBy('company_id').execute();
  return rows.map((row) => ({ companyId: row.company_id, toleranceMin: Number(row.auto_clock_out_tolerance_min) }));
}

export interface DueRecord {
  id: string;
  companyId: string;
  userId: string;
  startTime: string;
  eventName: string;
  eventEnd: string;
}

/**
 * The company's open records whose event ended at or before `endedBy` (the event's end plus the
 * tolerance has passed). A record whose event was deleted has no end to close it at, and one whose
 * worker already proposed the real end ('Sin cierre' with a pending correction) waits for that
 * decision: both stay as they are.
 */
export async function listDueRecords(db: Kysely<DB>, companyId: string, endedBy: string, limit: number): Promise<DueRecord[]> {
  const rows = await db
    .selectFrom('time_records')
    .innerJoin('events', 'events.id', 'time_records.event_id')
    .select(['time_records.id', 'time_records.company_id', 'time_records.user_id', 'time_records.start_time', 'events.name as event_name', 'events.end_time as event_end'])
    .where('time_records.company_id', '=', companyId)
    .where('time_records.status', '=', sql.lit('activo'))
    .where('events.company_id', '=', companyId)
    .where('events.end_time', '<=', endedBy)
    // A literal status: the one-pending index is partial.
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('time_record_amendments as pending').select('pending.id').whereRef('pending.record_id', '=', 'time_records.id').where('pending.status', '=', sql.lit('pendiente')))),
    )
    .orderBy('events.end_time')
    .orderBy('time_records.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, companyId: row.company_id, userId: row.user_id, startTime: row.start_time, eventName: row.event_name, eventEnd: row.event_end }));
}

export type StoredRecordRow = Omit<Selectable<TimeRecordsTable>, 'hash'>;

/**
 * The closing's first statement, guarded by `status = 'activo'`: a clock-out, a correction or
 * another server that got there first leaves nothing to update, and the row lock it takes orders
 * this closing after theirs (then before the chain head's lock, as the clock-out takes them).
 */
export async function completeIfActive(db: Kysely<DB>, change: { id: string; endTime: string }): Promise<StoredRecordRow | undefined> {
  const row = await db
    .updateTable('time_records')
    .set({ status: 'completado', end_time: change.endTime })
    .where('id', '=', change.id)
    .where('status', '=', sql.lit('activo'))
    // A literal status: the one-pending index is partial.
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('time_record_amendments as pending').select('pending.id').whereRef('pending.record_id', '=', 'time_records.id').where('pending.status', '=', sql.lit('pendiente')))),
    )
    .returning(['id', 'company_id', 'user_id', 'event_id', 'start_time', 'end_time', 'duration', 'status', 'start_location', 'end_location', 'corrected', 'created_at', 'flags', 'presence'])
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...row, duration: row.duration === null ? null : Number(row.duration), corrected: Number(row.corrected) };
}

/** The closing's second statement: the duration, the flags and the chain hash of the closed row. */
export async function finishClosing(db: Kysely<DB>, change: { id: string; duration: number; flags: string; hash: string }): Promise<void> {
  await db.updateTable('time_records').set({ duration: change.duration, flags: change.flags, hash: change.hash }).where('id', '=', change.id).execute();
}

export async function findUserName(db: Kysely<DB>, userId: string): Promise<string> {
  const row = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name ?? 'Usuario desconocido';
}
