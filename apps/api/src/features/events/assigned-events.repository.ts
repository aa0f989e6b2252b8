import { sql, type Kysely } from 'kysely';
import type { ClockableEvent } from '@jornada/shared/schemas/time-records';
import type { AssignmentState, DB } from '../../db/schema';
import { preparedQuery } from '../../db/prepared-query';
import { eventColumns, type EventRow } from './events.repository';

/**
 * Events under way at `now` that the user is assigned to (the clock-in panel's list), found from
 * the assignments' copies of the event times (migration 0150): the range `end_time > now` holds
 * only the shifts not yet over, however long the worker's history.
 */
const underwayQuery = preparedQuery<{ userId: string; now: string }>()((db, param) =>
  db
    .selectFrom('event_assignments')
    .innerJoin('events', 'events.id', 'event_assignments.event_id')
    .select(['events.id', 'events.name', 'events.location', 'events.start_time', 'events.end_time', 'events.requires_venue_code'])
    .where('event_assignments.user_id', '=', param('userId'))
    .where('event_assignments.state', '!=', sql.lit('declined'))
    .where('event_assignments.end_time', '>', param('now'))
    .where('event_assignments.start_time', '<=', param('now'))
    .orderBy('event_assignments.start_time')
    .orderBy('events.id')
    .limit(50),
);

export async function listAssignedEventsUnderway(db: Kysely<DB>, userId: string, now: string): Promise<ClockableEvent[]> {
  const rows = await underwayQuery.execute(db, { userId, now });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    location: row.location,
    date: row.start_time,
    endDate: row.end_time,
    requiresVenueCode: Number(row.requires_venue_code) === 1,
  }));
}

/**
 * An Empleado's calendar month: their events of the company starting in [from, to), by start, with
 * their own answer (`own_state`). Read from their assignments (the range `end_time > from` skips
 * everything that ended before the month) instead of probing each of the company's events of the
 * month for an assignment. The answer comes with it: a second read by event ids walked all of the
 * person's assignments on PostgreSQL (issue 29: 22 buffers at 1x, 82 at 4x).
 */
const startingBetweenQuery = preparedQuery<{ userId: string; companyId: string; from: string; to: string; limit: number }>()((db, param) =>
  db
    .selectFrom('event_assignments')
    .innerJoin('events', 'events.id', 'event_assignments.event_id')
    .innerJoin('companies', 'companies.id', 'events.company_id')
    .select(eventColumns)
    .select('event_assignments.state as own_state')
    .where('event_assignments.user_id', '=', param('userId'))
    .where('event_assignments.state', '!=', sql.lit('declined'))
    .where('event_assignments.company_id', '=', param('companyId'))
    // Implied by the start bound (an event ends after it starts); stated so the index range applies.
    .where('event_assignments.end_time', '>', param('from'))
    .where('event_assignments.start_time', '>=', param('from'))
    .where('event_assignments.start_time', '<', param('to'))
    .orderBy('event_assignments.start_time')
    .orderBy('events.id')
    .limit(param('limit')),
);

export async function listAssignedEventsStartingBetween(
  db: Kysely<DB>,
  query: { userId: string; companyId: string; from: Date; to: Date; limit: number },
): Promise<(EventRow & { own_state: AssignmentState })[]> {
  return startingBetweenQuery.execute(db, { ...query, from: query.from.toISOString(), to: query.to.toISOString() });
}
