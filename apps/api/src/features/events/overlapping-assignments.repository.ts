import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface AssignedSlot {
  userId: string;
  userName: string;
  eventId: string;
  eventName: string;
  /** ISO UTC. */
  start: string;
  end: string;
}

/**
 * The company's events that the people are assigned to and that share some time with
 * [from, to): read by the assignments' copies of their event's times (migration 0150), whose index
 * (user_id, end_time, start_time, …) answers the range. By start, then event id.
 */
export async function listAssignedSlotsBetween(
  db: Kysely<DB>,
  query: { companyId: string; userIds: readonly string[]; from: Date; to: Date; excludeEventId?: string },
): Promise<AssignedSlot[]> {
  if (query.userIds.length === 0) return [];
  const rows = await db
    .selectFrom('event_assignments')
    .innerJoin('events', 'events.id', 'event_assignments.event_id')
    .innerJoin('users', 'users.id', 'event_assignments.user_id')
    .select(['event_assignments.user_id', 'users.name as user_name', 'events.id', 'events.name', 'events.start_time', 'events.end_time'])
    .where('event_assignments.user_id', 'in', query.userIds)
    .where('event_assignments.state', '!=', 'declined')
    .where('event_assignments.end_time', '>', query.from.toISOString())
    .where('event_assignments.start_time', '<', query.to.toISOString())
    .where('event_assignments.company_id', '=', query.companyId)
    .$if(query.excludeEventId !== undefined, (q) => q.where('events.id', '<>', query.excludeEventId ?? ''))
    .orderBy('events.start_time')
    .orderBy('events.id')
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    userName: row.user_name,
    eventId: row.id,
    eventName: row.name,
    start: row.start_time,
    end: row.end_time,
  }));
}
