import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { CompanyScope } from '../../lib/authorization';

export interface LiveEventRow {
  id: string;
  company_id: string;
  name: string;
  location: string;
  start_time: string;
  end_time: string;
}

/**
 * The scope's events under way at `now` or starting before `until`, by start; reads `limit` rows
 * (the caller asks for one more than it shows, to know whether the list was cut).
 */
export async function listEventsInWindow(
  db: Kysely<DB>,
  scope: CompanyScope,
  window: { now: string; until: string; companyId?: string; limit: number },
): Promise<LiveEventRow[]> {
  return db
    .selectFrom('events')
    .select(['id', 'company_id', 'name', 'location', 'start_time', 'end_time'])
    .$if(scope.kind === 'company', (q) => q.where('company_id', '=', scope.kind === 'company' ? scope.companyId : ''))
    .$if(window.companyId !== undefined, (q) => q.where('company_id', '=', window.companyId!))
    // Decision 1's boundaries: under way while start <= now < end.
    .where('end_time', '>', window.now)
    .where('start_time', '<', window.until)
    .orderBy('start_time')
    .orderBy('id')
    .limit(window.limit)
    .execute();
}

export interface LiveAssigneeRow {
  event_id: string;
  user_id: string;
  name: string;
  phone: string | null;
}

/** The people assigned to these events; a deleted user no longer works anywhere. */
export async function listAssignees(db: Kysely<DB>, eventIds: readonly string[]): Promise<LiveAssigneeRow[]> {
  if (eventIds.length === 0) return [];
  return db
    .selectFrom('event_assignments')
    .innerJoin('users', 'users.id', 'event_assignments.user_id')
    .select(['event_assignments.event_id', 'event_assignments.user_id', 'users.name', 'users.phone'])
    .where('event_assignments.event_id', 'in', [...eventIds])
    .where('event_assignments.state', '!=', 'declined')
    .where('users.is_deleted', '=', 0)
    .execute();
}

export interface LiveRecordRow {
  event_id: string;
  user_id: string;
  start_time: string;
  end_time: string | null;
  status: 'activo' | 'completado';
}

/** Every clock-in made for these events (the time_records_event_idx index answers it). */
export async function listEventRecords(db: Kysely<DB>, eventIds: readonly string[]): Promise<LiveRecordRow[]> {
  if (eventIds.length === 0) return [];
  return db
    .selectFrom('time_records')
    .select(['event_id', 'user_id', 'start_time', 'end_time', 'status'])
    .where('event_id', 'in', [...eventIds])
    .orderBy('start_time')
    .execute();
}
