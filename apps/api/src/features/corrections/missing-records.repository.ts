import type { Kysely } from 'kysely';
import { CORRECTED_ADDED } from '@jornada/shared/schemas/time-records';
import type { DB } from '../../db/schema';
import type { AmendmentRow } from './corrections.repository';

/** A live, not deleted user and their company (null for an administrator without one). */
export async function findWorker(db: Kysely<DB>, userId: string): Promise<{ id: string; companyId: string | null; name: string } | undefined> {
  const row = await db.selectFrom('users').select(['id', 'company_id', 'name']).where('id', '=', userId).where('is_deleted', '=', 0).executeTakeFirst();
  return row && { id: row.id, companyId: row.company_id, name: row.name };
}

/** The event of `companyId` with whether `userId` is assigned to it (undefined: no such event in that company). */
export async function findAssignedEvent(
  db: Kysely<DB>,
  companyId: string,
  eventId: string,
  userId: string,
): Promise<{ id: string; name: string; startTime: string; assigned: boolean } | undefined> {
  const row = await db
    .selectFrom('events')
    .leftJoin('event_assignments as assignment', (join) => join.onRef('assignment.event_id', '=', 'events.id').on('assignment.user_id', '=', userId).on('assignment.state', '!=', 'declined'))
    .select(['events.id', 'events.name', 'events.start_time', 'assignment.user_id as assigned_user'])
    .where('events.id', '=', eventId)
    .where('events.company_id', '=', companyId)
    .executeTakeFirst();
  return row && { id: row.id, name: row.name, startTime: row.start_time, assigned: row.assigned_user !== null };
}

/** Events of the company the worker was assigned to that started in [from, now]: what a missing record may name. */
export async function listAssignedPastEvents(
  db: Kysely<DB>,
  companyId: string,
  userId: string,
  window: { from: string; now: string },
): Promise<Array<{ id: string; name: string; startTime: string; endTime: string }>> {
  const rows = await db
    .selectFrom('event_assignments as assignment')
    .innerJoin('events', 'events.id', 'assignment.event_id')
    .select(['events.id', 'events.name', 'events.start_time', 'events.end_time'])
    .where('assignment.user_id', '=', userId)
    .where('assignment.state', '!=', 'declined')
    .where('events.company_id', '=', companyId)
    .where('events.start_time', '<=', window.now)
    .where('events.end_time', '>=', window.from)
    .orderBy('events.start_time', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, startTime: row.start_time, endTime: row.end_time }));
}

/** A record of the worker (any company) that overlaps [start, end); an open one runs until now, past `end`. */
export async function hasOverlappingRecord(db: Kysely<DB>, userId: string, interval: { start: string; end: string }): Promise<boolean> {
  const row = await db
    .selectFrom('time_records')
    .select('id')
    .where('user_id', '=', userId)
    .where('start_time', '<', interval.end)
    .where((eb) => eb.or([eb('end_time', '>', interval.start), eb('end_time', 'is', null)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** A pending proposal of a missing record for the worker overlapping [start, end): a duplicate. */
export async function hasOverlappingPendingAddition(db: Kysely<DB>, userId: string, interval: { start: string; end: string }): Promise<boolean> {
  const row = await db
    .selectFrom('time_record_amendments')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'pendiente')
    .where('record_id', 'is', null)
    .where('after_start', '<', interval.end)
    .where('after_end', '>', interval.start)
    .executeTakeFirst();
  return row !== undefined;
}

/** Writes the approved missing record (completed, marked 'Alta por corrección') and links the amendment to it. */
export async function insertAddedRecord(trx: Kysely<DB>, amendment: AmendmentRow, record: { id: string; duration: number; createdAt: string }): Promise<void> {
  await trx
    .insertInto('time_records')
    .values({
      id: record.id,
      company_id: amendment.company_id,
      user_id: amendment.user_id,
      event_id: amendment.event_id,
      start_time: amendment.after_start,
      end_time: amendment.after_end,
      duration: record.duration,
      status: 'completado',
      start_location: null,
      end_location: null,
      created_at: record.createdAt,
      corrected: CORRECTED_ADDED,
      hash: null,
    })
    .execute();
  await trx.updateTable('time_record_amendments').set({ record_id: record.id }).where('id', '=', amendment.id).execute();
}
