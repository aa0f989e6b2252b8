import type { Kysely } from 'kysely';
import type { ClockableEvent } from '@jornada/shared/schemas/time-records';
import type { DB } from '../../db/schema';
import { preparedQuery } from '../../db/prepared-query';

/**
 * Events under way at `now` that the user is assigned to (the clock-in panel's list), found from
 * the assignments' copies of the event times (migration 0150): the range `end_time > now` holds
 * only the shifts not yet over, however long the worker's history.
 */
const underwayQuery = preparedQuery<{ userId: string; now: string }>()((db, param) =>
  db
    .selectFrom('event_assignments')
    .innerJoin('events', 'events.id', 'event_assignments.event_id')
    .select(['events.id', 'events.name', 'events.location', 'events.start_time', 'events.end_time'])
    .where('event_assignments.user_id', '=', param('userId'))
    .where('event_assignments.end_time', '>', param('now'))
    .where('event_assignments.start_time', '<=', param('now'))
    .orderBy('event_assignments.start_time')
    .orderBy('events.id')
    .limit(50),
);

export async function listAssignedEventsUnderway(db: Kysely<DB>, userId: string, now: string): Promise<ClockableEvent[]> {
  const rows = await underwayQuery.execute(db, { userId, now });
  return rows.map((row) => ({ id: row.id, name: row.name, location: row.location, date: row.start_time, endDate: row.end_time }));
}
