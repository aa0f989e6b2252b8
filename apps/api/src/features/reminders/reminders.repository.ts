import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface ReminderEvent {
  id: string;
  company_id: string;
  name: string;
  location: string;
  start_time: string;
  end_time: string;
}

export function findEvent(db: Kysely<DB>, eventId: string): Promise<ReminderEvent | undefined> {
  return db.selectFrom('events').select(['id', 'company_id', 'name', 'location', 'start_time', 'end_time']).where('id', '=', eventId).executeTakeFirst();
}

/** The event's assigned people who have no record in it yet (not clocked in). */
export async function assigneesWithoutRecord(db: Kysely<DB>, eventId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('event_assignments')
    .select('event_assignments.user_id')
    .where('event_assignments.event_id', '=', eventId)
    .where('event_assignments.state', '!=', 'declined')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('time_records')
            .select('time_records.id')
            .whereRef('time_records.event_id', '=', 'event_assignments.event_id')
            .whereRef('time_records.user_id', '=', 'event_assignments.user_id'),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.user_id);
}

/** Who is still clocked in on the event (an active record), by name. */
export function openRecordsOf(db: Kysely<DB>, eventId: string): Promise<{ user_id: string; name: string }[]> {
  return db
    .selectFrom('time_records')
    .innerJoin('users', 'users.id', 'time_records.user_id')
    .select(['time_records.user_id', 'users.name'])
    .where('time_records.event_id', '=', eventId)
    .where('time_records.status', '=', 'activo')
    .execute();
}

/** Each (company, person) with at least one record starting in [from, to). */
export function workersWithRecords(db: Kysely<DB>, from: string, to: string): Promise<{ company_id: string; user_id: string }[]> {
  return db
    .selectFrom('time_records')
    .select(['company_id', 'user_id'])
    .where('start_time', '>=', from)
    .where('start_time', '<', to)
    .groupBy(['company_id', 'user_id'])
    .execute();
}
