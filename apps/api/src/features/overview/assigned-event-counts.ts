import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { preparedQuery } from '../../db/prepared-query';

/**
 * An Empleado's events cards from their assignments alone: each carries its event's company and
 * times (migration 0150), so one index range answers both counts without reading an event. The
 * company term keeps assignments left from a former company out, like the event screens do.
 */
const assignedEventCountsQuery = preparedQuery<{ userId: string; companyId: string; now: string }>()((db, param) =>
  db
    .selectFrom('event_assignments')
    .select((eb) => [
      eb.fn.countAll<number | string | bigint>().as('total'),
      eb.fn
        .sum<number | string | bigint | null>(
          eb
            .case()
            .when(eb.and([eb('event_assignments.start_time', '<=', param('now')), eb('event_assignments.end_time', '>', param('now'))]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('active'),
    ])
    .where('event_assignments.user_id', '=', param('userId'))
    .where('event_assignments.state', '!=', sql.lit('declined'))
    .where('event_assignments.company_id', '=', param('companyId')),
);

export async function countAssignedEvents(db: Kysely<DB>, userId: string, companyId: string, now: Date): Promise<{ total: number; active: number }> {
  const row = await assignedEventCountsQuery.takeFirst(db, { userId, companyId, now: now.toISOString() });
  return { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0) };
}
