import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface RosterEventRow {
  id: string;
  name: string;
  location: string;
  start_time: string;
  end_time: string;
}

/** The company's events that share some time with [from, to), by start (the (company_id, end_time) index). */
export async function listEventsBetween(db: Kysely<DB>, companyId: string, from: Date, to: Date): Promise<RosterEventRow[]> {
  return db
    .selectFrom('events')
    .select(['id', 'name', 'location', 'start_time', 'end_time'])
    .where('company_id', '=', companyId)
    .where('end_time', '>', from.toISOString())
    .where('start_time', '<', to.toISOString())
    .orderBy('start_time')
    .orderBy('id')
    .execute();
}

/**
 * Who is assigned to the events of [from, to) (one read, whatever the number of people or events).
 * A declined assignment is not staffing (decision 046); a pending one is, marked as such.
 */
export async function listAssignmentsBetween(db: Kysely<DB>, companyId: string, from: Date, to: Date): Promise<{ event_id: string; user_id: string; state: string }[]> {
  return db
    .selectFrom('event_assignments')
    .innerJoin('events', 'events.id', 'event_assignments.event_id')
    .select(['event_assignments.event_id', 'event_assignments.user_id', 'event_assignments.state'])
    .where('events.company_id', '=', companyId)
    .where('event_assignments.state', '!=', sql.lit('declined'))
    .where('events.end_time', '>', from.toISOString())
    .where('events.start_time', '<', to.toISOString())
    .orderBy('event_assignments.event_id')
    .orderBy('event_assignments.user_id')
    .execute();
}
