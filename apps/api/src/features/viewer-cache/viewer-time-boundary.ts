import { sql, type Kysely } from 'kysely';
import { sinCierreFrom } from '@jornada/shared/sin-cierre';
import type { DB } from '../../db/schema';
import { preparedQuery } from '../../db/prepared-query';
import type { TableName } from './viewer-cache';

/** What the boundary is computed from: an answer kept until it is dropped when these change. */
export const TIME_BOUNDARY_TABLES: readonly TableName[] = ['event_assignments', 'events', 'time_records'];

/**
 * The next instant at which an Empleado's overview answers change by the passing of time alone,
 * with no write: one of their events starts or ends (event status, the active-events card, the
 * shifts they may clock in to) or their running timer becomes 'Sin cierre'. Until then the answers
 * computed now stay exact. Infinity when nothing lies ahead.
 */
export async function nextViewerTimeBoundary(db: Kysely<DB>, userId: string, now: Date): Promise<number> {
  const at = now.toISOString();
  const [events, active] = await Promise.all([nextEventTimesQuery.takeFirst(db, { userId, now: at }), activeRecordQuery.takeFirst(db, { userId })]);
  let boundary = Number.POSITIVE_INFINITY;
  const consider = (instant: number) => {
    if (instant > now.getTime() && instant < boundary) boundary = instant;
  };
  if (events?.next_start) consider(Date.parse(String(events.next_start)));
  if (events?.next_end) consider(Date.parse(String(events.next_end)));
  if (active) consider(sinCierreFrom({ startTime: active.start_time }, active.event_end).getTime());
  return boundary;
}

/** Over the assignments not yet ended (an index range on the event-time copies, migration 0150). */
const nextEventTimesQuery = preparedQuery<{ userId: string; now: string }>()((db, param) =>
  db
    .selectFrom('event_assignments')
    .select((eb) => [
      eb.fn.min<string | null>(eb.case().when('event_assignments.start_time', '>', param('now')).then(eb.ref('event_assignments.start_time')).end()).as('next_start'),
      eb.fn.min<string | null>('event_assignments.end_time').as('next_end'),
    ])
    .where('event_assignments.user_id', '=', param('userId'))
    .where('event_assignments.state', '!=', sql.lit('declined'))
    .where('event_assignments.end_time', '>', param('now')),
);

/** At most one per user (time_records_one_active_idx). */
const activeRecordQuery = preparedQuery<{ userId: string }>()((db, param) =>
  db
    .selectFrom('time_records')
    .leftJoin('events', 'events.id', 'time_records.event_id')
    .select(['time_records.start_time', 'events.end_time as event_end'])
    .where('time_records.user_id', '=', param('userId'))
    .where('time_records.status', '=', 'activo'),
);
