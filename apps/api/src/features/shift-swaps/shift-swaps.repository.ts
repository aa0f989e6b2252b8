import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, ShiftSwapsTable, ShiftSwapState } from '../../db/schema';

export type ShiftSwapRow = Selectable<ShiftSwapsTable>;

export async function insertSwap(db: Kysely<DB>, row: Insertable<ShiftSwapsTable>): Promise<void> {
  await db.insertInto('shift_swaps').values(row).execute();
}

/** One swap of the company; another company's id reads as missing. */
export function findSwap(db: Kysely<DB>, companyId: string, id: string): Promise<ShiftSwapRow | undefined> {
  return db.selectFrom('shift_swaps').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
}

/**
 * Moves a swap from one state to the next only if it is still in `from`: of two approvals (or two
 * takers) at once, exactly one updates the row; on PostgreSQL the second waits for the first's
 * transaction and then finds the state changed.
 */
export async function advanceSwap(
  db: Kysely<DB>,
  companyId: string,
  id: string,
  from: readonly ShiftSwapState[],
  set: Partial<Pick<ShiftSwapRow, 'state' | 'to_user_id' | 'taken_at' | 'decided_at' | 'decided_by' | 'decided_by_name'>>,
): Promise<boolean> {
  const result = await db.updateTable('shift_swaps').set(set).where('company_id', '=', companyId).where('id', '=', id).where('state', 'in', [...from]).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The company's swaps in the given states, newest first (bounded). */
export function listSwaps(db: Kysely<DB>, companyId: string, states: readonly ShiftSwapState[], limit = 200): Promise<ShiftSwapRow[]> {
  return db
    .selectFrom('shift_swaps')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('state', 'in', [...states])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A person's own proposals and those that name them, newest first (bounded). */
export function listSwapsOf(db: Kysely<DB>, companyId: string, userId: string, limit = 100): Promise<ShiftSwapRow[]> {
  return db
    .selectFrom('shift_swaps')
    .selectAll()
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** An open proposal on the same shift: one at a time. */
export async function openSwapOn(db: Kysely<DB>, companyId: string, userId: string, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('shift_swaps')
    .select('id')
    .where('company_id', '=', companyId)
    .where('from_user_id', '=', userId)
    .where('from_event_id', '=', eventId)
    .where('state', 'in', ['open', 'taken'])
    .executeTakeFirst();
  return row !== undefined;
}

export interface SwapEventRow {
  id: string;
  name: string;
  location: string;
  start_time: string;
  end_time: string;
}

/** The company's events by id (the shifts a list shows). */
export function findEventsOf(db: Kysely<DB>, companyId: string, ids: readonly string[]): Promise<SwapEventRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('events').select(['id', 'name', 'location', 'start_time', 'end_time']).where('company_id', '=', companyId).where('id', 'in', [...new Set(ids)]).execute();
}

/** Names of the company's people by id. */
export async function findNames(db: Kysely<DB>, companyId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('company_id', '=', companyId).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Whether `userId` staffs `eventId` now (a declined row does not). */
export async function isAssigned(db: Kysely<DB>, eventId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('event_assignments')
    .select('user_id')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .where('state', '!=', 'declined')
    .executeTakeFirst();
  return row !== undefined;
}

/** The people who staff an event. */
export async function staffOf(db: Kysely<DB>, eventId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('event_assignments').select('user_id').where('event_id', '=', eventId).where('state', '!=', 'declined').execute();
  return new Set(rows.map((row) => row.user_id));
}

/** The company's active people who may be assigned (Empleado or Supervisor base role), with their categories. */
export async function listColleagues(db: Kysely<DB>, companyId: string): Promise<Array<{ id: string; name: string; categoryIds: string[] }>> {
  const users = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['users.id', 'users.name'])
    .where('users.company_id', '=', companyId)
    .where('roles.base_role', 'in', ['Empleado', 'Supervisor'])
    .where('users.is_disabled', '=', 0)
    .where('users.is_deleted', '=', 0)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
  if (users.length === 0) return [];
  const categories = await db.selectFrom('user_categories').select(['user_id', 'category_id']).where('user_id', 'in', users.map((user) => user.id)).execute();
  return users.map((user) => ({ ...user, categoryIds: categories.filter((row) => row.user_id === user.id).map((row) => row.category_id) }));
}

/** A person's future shifts in the company (not declined), by start, bounded. */
export function futureShiftsOf(db: Kysely<DB>, companyId: string, userIds: readonly string[], after: Date, limit: number): Promise<Array<SwapEventRow & { user_id: string }>> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('event_assignments')
    .innerJoin('events', 'events.id', 'event_assignments.event_id')
    .select(['event_assignments.user_id', 'events.id', 'events.name', 'events.location', 'events.start_time', 'events.end_time'])
    .where('events.company_id', '=', companyId)
    .where('event_assignments.user_id', 'in', [...userIds])
    .where('event_assignments.state', '!=', 'declined')
    .where('events.start_time', '>', after.toISOString())
    .orderBy('events.start_time')
    .orderBy('events.id')
    .limit(limit)
    .execute();
}
