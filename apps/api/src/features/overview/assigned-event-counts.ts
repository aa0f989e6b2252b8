import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { preparedQuery } from '../../db/prepared-query';

/**
 * An Empleado's events cards in one pass over their assignments (an index range), instead of
 * probing every event of the company for an assignment (0.7 ms at a year of a 500-person company).
 * The company term keeps assignments left from a former company out, like the event screens do.
 */
const assignedEventCountsQuery = preparedQuery<{ userId: string; companyId: string; now: string }>()((db, param) =>
  db
    .selectFrom('event_assignments')
    .innerJoin('events', 'events.id', 'event_assignments.event_id')
    .select((eb) => [
      eb.fn.countAll<number | string | bigint>().as('total'),
      eb.fn
        .sum<number | string | bigint | null>(
          eb.case().when(eb.and([eb('events.start_time', '<=', param('now')), eb('events.end_time', '>', param('now'))])).then(1).else(0).end(),
        )
        .as('active'),
    ])
    .where('event_assignments.user_id', '=', param('userId'))
    .where('events.company_id', '=', param('companyId')),
);

export async function countAssignedEvents(db: Kysely<DB>, userId: string, companyId: string, now: Date): Promise<{ total: number; active: number }> {
  const row = await assignedEventCountsQuery.takeFirst(db, { userId, companyId, now: now.toISOString() });
  return { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0) };
}
