import type { ExpressionBuilder, Insertable, Kysely, Updateable } from 'kysely';
import type { EventStatus } from '@jornada/shared/events';
import type { DB, EventsTable } from '../../db/schema';
import type { CompanyScope } from '../../lib/authorization';
import { anyContains } from '../../lib/list-filters';

export type EventOrder = 'start-asc' | 'start-desc' | 'end-desc';

export interface EventFilter {
  /** Status is derived from time, so a status filter carries the instant it is judged at. */
  status?: { in: readonly EventStatus[]; at: Date };
  /** An extra company filter inside the scope (the admin's company picker). */
  companyId?: string;
  /** Only events this user is assigned to (an Empleado's visibility, Mis Turnos). */
  assignedTo?: string;
  /** Only events this worker is assigned to, inside the visibility (a manager's worker filter). */
  assignee?: string;
  /** Text in the name or the place, ignoring case. */
  text?: string;
  /** Start in [startFrom, startBefore). */
  startFrom?: Date;
  startBefore?: Date;
}

export interface EventListQuery extends EventFilter {
  order: EventOrder;
  /** The sort key (instant, id) of the last row of the previous page. */
  after?: readonly [string, string];
  /** Reads one row more, so the caller knows whether another page follows. */
  limit: number;
}

type EventsBuilder = ExpressionBuilder<DB, 'events'>;

/** Decision 1 in SQL: the same boundaries as eventStatusAt (start inclusive, end exclusive). */
function statusCondition(eb: EventsBuilder, statuses: readonly EventStatus[], now: string) {
  return eb.or(
    statuses.map((status) => {
      if (status === 'Programado') return eb('events.start_time', '>', now);
      if (status === 'Activo') return eb.and([eb('events.start_time', '<=', now), eb('events.end_time', '>', now)]);
      return eb('events.end_time', '<=', now);
    }),
  );
}

function filtered(db: Kysely<DB>, scope: CompanyScope, filter: EventFilter) {
  const { status, companyId, assignedTo, assignee, text, startFrom, startBefore } = filter;
  const assignedCondition = (eb: EventsBuilder, userId: string) =>
    eb.exists(
      eb
        .selectFrom('event_assignments')
        .select('event_assignments.event_id')
        .whereRef('event_assignments.event_id', '=', 'events.id')
        .where('event_assignments.user_id', '=', userId)
        .where('event_assignments.state', '!=', 'declined'),
    );
  return db
    .selectFrom('events')
    .$if(scope.kind === 'company', (q) => q.where('events.company_id', '=', scope.kind === 'company' ? scope.companyId : ''))
    .$if(companyId !== undefined, (q) => q.where('events.company_id', '=', companyId!))
    .$if(status !== undefined, (q) => q.where((eb) => statusCondition(eb, status!.in, status!.at.toISOString())))
    .$if(startFrom !== undefined, (q) => q.where('events.start_time', '>=', startFrom!.toISOString()))
    .$if(startBefore !== undefined, (q) => q.where('events.start_time', '<', startBefore!.toISOString()))
    .$if(assignedTo !== undefined, (q) => q.where((eb) => assignedCondition(eb, assignedTo!)))
    .$if(assignee !== undefined, (q) => q.where((eb) => assignedCondition(eb, assignee!)))
    .$if(text !== undefined, (q) => q.where((eb) => anyContains(eb, [eb.ref('events.name'), eb.ref('events.location')], text!)));
}

/** What every event list selects (with `companies` joined). */
export const eventColumns = [
  'events.id',
  'events.company_id',
  'companies.name as company_name',
  'events.name',
  'events.location',
  'events.start_time',
  'events.end_time',
  'events.type',
  'events.repeat_days',
  'events.finished_early_at',
  'events.created_at',
  'events.geo_lat',
  'events.geo_lng',
  'events.geo_radius_m',
  'events.requires_venue_code',
] as const;

export interface EventRow {
  id: string;
  company_id: string;
  company_name: string;
  name: string;
  location: string;
  start_time: string;
  end_time: string;
  type: 'momentary' | 'constant';
  repeat_days: string;
  finished_early_at: string | null;
  created_at: string;
  geo_lat: number | null;
  geo_lng: number | null;
  geo_radius_m: number | null;
  requires_venue_code: number;
}

export async function findEvent(db: Kysely<DB>, scope: CompanyScope, id: string, filter: EventFilter = {}): Promise<EventRow | undefined> {
  return filtered(db, scope, filter)
    .innerJoin('companies', 'companies.id', 'events.company_id')
    .select(eventColumns)
    .where('events.id', '=', id)
    .executeTakeFirst();
}

/** Events just written, by start, for the answer to a create (up to one per day of a year). */
export async function findEventsByIds(db: Kysely<DB>, scope: CompanyScope, ids: readonly string[]): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  return filtered(db, scope, {})
    .innerJoin('companies', 'companies.id', 'events.company_id')
    .select(eventColumns)
    .where('events.id', 'in', ids)
    .orderBy('events.start_time')
    .orderBy('events.id')
    .execute();
}

/** One keyset page on the (company, instant, id) indexes. */
export async function listEvents(db: Kysely<DB>, scope: CompanyScope, query: EventListQuery): Promise<EventRow[]> {
  const { order, after } = query;
  const column = order === 'end-desc' ? 'events.end_time' : 'events.start_time';
  const direction = order === 'start-asc' ? 'asc' : 'desc';
  return filtered(db, scope, query)
    .innerJoin('companies', 'companies.id', 'events.company_id')
    .select(eventColumns)
    .$if(after !== undefined, (q) =>
      q.where((eb) => eb(eb.refTuple(column, 'events.id'), direction === 'asc' ? '>' : '<', eb.tuple(after![0], after![1]))),
    )
    .orderBy(column, direction)
    .orderBy('events.id', direction)
    .limit(query.limit + 1)
    .execute();
}

export async function countEvents(db: Kysely<DB>, scope: CompanyScope, filter: EventFilter): Promise<number> {
  const row = await filtered(db, scope, filter)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Call inside the creating transaction; batches keep a constant event's rows in one statement each. */
export async function insertEvents(db: Kysely<DB>, events: Insertable<EventsTable>[]): Promise<void> {
  for (let index = 0; index < events.length; index += 200) {
    await db.insertInto('events').values(events.slice(index, index + 200)).execute();
  }
}

export async function updateEvent(
  db: Kysely<DB>,
  scope: CompanyScope,
  id: string,
  changes: Pick<Updateable<EventsTable>, 'name' | 'location' | 'start_time' | 'end_time' | 'finished_early_at' | 'geo_lat' | 'geo_lng' | 'geo_radius_m' | 'requires_venue_code'>,
): Promise<boolean> {
  const result = await db
    .updateTable('events')
    .set(changes)
    .where('id', '=', id)
    .$if(scope.kind === 'company', (q) => q.where('company_id', '=', scope.kind === 'company' ? scope.companyId : ''))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** 'Finalizar ahora': only while the event is active at `now`, so two clicks cannot finish it twice. */
export async function finishEventAt(db: Kysely<DB>, scope: CompanyScope, id: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable('events')
    .set({ end_time: at, finished_early_at: at })
    .where('id', '=', id)
    .where('start_time', '<=', at)
    .where('end_time', '>', at)
    .$if(scope.kind === 'company', (q) => q.where('company_id', '=', scope.kind === 'company' ? scope.companyId : ''))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteEvent(db: Kysely<DB>, scope: CompanyScope, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('events')
    .where('id', '=', id)
    .$if(scope.kind === 'company', (q) => q.where('company_id', '=', scope.kind === 'company' ? scope.companyId : ''))
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
