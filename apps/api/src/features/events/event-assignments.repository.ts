import type { Kysely } from 'kysely';
import type { RoleName } from '@jornada/shared/permissions';
import type { AssignmentSource, AssignmentState, DB } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { CompanyScope } from '../../lib/authorization';

/** One company: the event's, which assignments and pickers are limited to. */
export type CompanyOnlyScope = Extract<CompanyScope, { kind: 'company' }>;

export interface AssigneeRow {
  event_id: string;
  user_id: string;
  /** Null when the user row is gone; a deleted user is reported through is_deleted. */
  name: string | null;
  is_deleted: number | null;
  state: AssignmentState;
  decline_reason: string | null;
  decided_at: string | null;
}

/** The assignments of a page of events in one query (no N+1), by name. */
export async function findAssignees(db: Kysely<DB>, scope: CompanyScope, eventIds: readonly string[]): Promise<AssigneeRow[]> {
  if (eventIds.length === 0) return [];
  return db
    .selectFrom('event_assignments')
    .innerJoin('events', 'events.id', 'event_assignments.event_id')
    .leftJoin('users', 'users.id', 'event_assignments.user_id')
    .select(['event_assignments.event_id', 'event_assignments.user_id', 'users.name', 'users.is_deleted'])
    .select(['event_assignments.state', 'event_assignments.decline_reason', 'event_assignments.decided_at'])
    .where('event_assignments.event_id', 'in', eventIds)
    .$if(scope.kind === 'company', (q) => q.where('events.company_id', '=', scope.kind === 'company' ? scope.companyId : ''))
    .orderBy('users.name')
    .orderBy('event_assignments.user_id')
    .execute();
}

/** The state of new assignments: 'pending' when the company asks employees to accept (decision 046). */
export type NewAssignmentState = Extract<AssignmentState, 'pending' | 'accepted'>;

/**
 * Who made an assignment change and through which action (decision 052). Every writer of
 * event_assignments passes one, so each change leaves its history row in the same transaction.
 */
export interface AssignmentOrigin {
  companyId: string;
  source: AssignmentSource;
  actorId: string | null;
  actorName: string;
  at: Date;
}

/** The history rows of a change; call in the transaction that makes it. */
export async function recordAssignmentHistory(
  db: Kysely<DB>,
  origin: AssignmentOrigin,
  changes: ReadonlyArray<{ event_id: string; user_id: string; change: 'assigned' | 'removed' }>,
): Promise<void> {
  const at = origin.at.toISOString();
  const rows = changes.map((change) => ({
    id: newId('ash'),
    company_id: origin.companyId,
    ...change,
    source: origin.source,
    actor_id: origin.actorId,
    actor_name: origin.actorName,
    at,
  }));
  for (let index = 0; index < rows.length; index += 500) await db.insertInto('event_assignment_history').values(rows.slice(index, index + 500)).execute();
}

export async function insertAssignments(db: Kysely<DB>, rows: { event_id: string; user_id: string }[], state: NewAssignmentState, origin: AssignmentOrigin): Promise<void> {
  for (let index = 0; index < rows.length; index += 500) {
    await db.insertInto('event_assignments').values(rows.slice(index, index + 500).map((row) => ({ ...row, state }))).execute();
  }
  await recordAssignmentHistory(db, origin, rows.map((row) => ({ ...row, change: 'assigned' as const })));
}

/**
 * Replaces an event's staff; call inside a transaction after the scoped event read. Those who stay
 * keep their answer; a declined row stays as the record of who declined and why (decision 046)
 * unless the person is assigned again, which asks them again ('pending', or 'accepted' when the
 * company does not ask).
 */
export async function replaceAssignments(db: Kysely<DB>, eventId: string, userIds: readonly string[], state: NewAssignmentState, origin: AssignmentOrigin): Promise<void> {
  const existing = await db.selectFrom('event_assignments').select(['user_id', 'state']).where('event_id', '=', eventId).execute();
  const wanted = new Set(userIds);
  const removed = existing.filter((row) => row.state !== 'declined' && !wanted.has(row.user_id)).map((row) => row.user_id);
  const reassigned = existing.filter((row) => row.state === 'declined' && wanted.has(row.user_id)).map((row) => row.user_id);
  const known = new Set(existing.map((row) => row.user_id));
  if (removed.length > 0) await db.deleteFrom('event_assignments').where('event_id', '=', eventId).where('user_id', 'in', removed).execute();
  if (reassigned.length > 0) {
    await db
      .updateTable('event_assignments')
      .set({ state, decline_reason: null, decided_at: null })
      .where('event_id', '=', eventId)
      .where('user_id', 'in', reassigned)
      .execute();
  }
  await insertAssignments(db, userIds.filter((userId) => !known.has(userId)).map((userId) => ({ event_id: eventId, user_id: userId })), state, origin);
  await recordAssignmentHistory(db, origin, [
    ...removed.map((userId) => ({ event_id: eventId, user_id: userId, change: 'removed' as const })),
    ...reassigned.map((userId) => ({ event_id: eventId, user_id: userId, change: 'assigned' as const })),
  ]);
}

/**
 * Hands one person's place on an event to another (a swap or a taken offer, decision 052): false
 * when `fromUserId` no longer staffs the event or `toUserId` already does, so the caller refuses
 * and rolls back. A declined row of the newcomer is replaced, as when a supervisor assigns again.
 */
export async function moveAssignment(
  db: Kysely<DB>,
  move: { eventId: string; fromUserId: string; toUserId: string; state: NewAssignmentState },
  origin: AssignmentOrigin,
): Promise<boolean> {
  const taken = await db
    .selectFrom('event_assignments')
    .select('user_id')
    .where('event_id', '=', move.eventId)
    .where('user_id', '=', move.toUserId)
    .where('state', '!=', 'declined')
    .executeTakeFirst();
  if (taken) return false;
  const removed = await db
    .deleteFrom('event_assignments')
    .where('event_id', '=', move.eventId)
    .where('user_id', '=', move.fromUserId)
    .where('state', '!=', 'declined')
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) !== 1) return false;
  await db.deleteFrom('event_assignments').where('event_id', '=', move.eventId).where('user_id', '=', move.toUserId).execute();
  await db.insertInto('event_assignments').values({ event_id: move.eventId, user_id: move.toUserId, state: move.state }).execute();
  await recordAssignmentHistory(db, origin, [
    { event_id: move.eventId, user_id: move.fromUserId, change: 'removed' },
    { event_id: move.eventId, user_id: move.toUserId, change: 'assigned' },
  ]);
  return true;
}

export interface AssignmentHistoryRow {
  id: string;
  user_id: string;
  user_name: string | null;
  change: 'assigned' | 'removed';
  source: AssignmentSource;
  actor_name: string;
  at: string;
}

/** An event's history, newest first; the caller has read the event in the actor's scope. */
export function listAssignmentHistory(db: Kysely<DB>, companyId: string, eventId: string): Promise<AssignmentHistoryRow[]> {
  return db
    .selectFrom('event_assignment_history')
    .leftJoin('users', 'users.id', 'event_assignment_history.user_id')
    .select(['event_assignment_history.id', 'event_assignment_history.user_id', 'users.name as user_name'])
    .select(['event_assignment_history.change', 'event_assignment_history.source', 'event_assignment_history.actor_name', 'event_assignment_history.at'])
    .where('event_assignment_history.company_id', '=', companyId)
    .where('event_assignment_history.event_id', '=', eventId)
    .orderBy('event_assignment_history.at', 'desc')
    .orderBy('event_assignment_history.id', 'desc')
    .limit(500)
    .execute();
}

/** One person's answers on a page of events (an Empleado's own staff line). */
export async function findOwnAssignmentStates(db: Kysely<DB>, userId: string, eventIds: readonly string[]): Promise<Map<string, AssignmentState>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('event_assignments')
    .select(['event_id', 'state'])
    .where('user_id', '=', userId)
    .where('event_id', 'in', eventIds)
    .execute();
  return new Map(rows.map((row) => [row.event_id, row.state]));
}

export interface OwnAssignment {
  event_id: string;
  company_id: string;
  name: string;
  location: string;
  start_time: string;
  end_time: string;
  state: AssignmentState;
}

/** The caller's own assignment on an event of their company, or nothing (a colleague's is not theirs: 404). */
export function findOwnAssignment(db: Kysely<DB>, companyId: string, userId: string, eventId: string): Promise<OwnAssignment | undefined> {
  return db
    .selectFrom('event_assignments')
    .innerJoin('events', 'events.id', 'event_assignments.event_id')
    .select(['event_assignments.event_id', 'events.company_id', 'events.name', 'events.location', 'events.start_time', 'events.end_time', 'event_assignments.state'])
    .where('event_assignments.event_id', '=', eventId)
    .where('event_assignments.user_id', '=', userId)
    .where('events.company_id', '=', companyId)
    .executeTakeFirst();
}

/** Records the answer only while it is still pending: false when someone already decided (409). */
export async function decideAssignment(
  db: Kysely<DB>,
  change: { eventId: string; userId: string; state: 'accepted' | 'declined'; reason: string | null; at: string },
  origin: AssignmentOrigin,
): Promise<boolean> {
  const result = await db
    .updateTable('event_assignments')
    .set({ state: change.state, decline_reason: change.reason, decided_at: change.at })
    .where('event_id', '=', change.eventId)
    .where('user_id', '=', change.userId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  const decided = Number(result.numUpdatedRows) === 1;
  // A decline frees the place: the history says who left it. An accept changes nobody's place.
  if (decided && change.state === 'declined') await recordAssignmentHistory(db, origin, [{ event_id: change.eventId, user_id: change.userId, change: 'removed' }]);
  return decided;
}

export interface AssignmentCandidate {
  id: string;
  name: string;
  role: RoleName;
  isDisabled: boolean;
  isDeleted: boolean;
}

/** The requested users that belong to the scope's company; others are simply absent (the caller answers 422). */
export async function findAssignmentCandidates(db: Kysely<DB>, scope: CompanyScope, userIds: readonly string[]): Promise<AssignmentCandidate[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['users.id', 'users.name', 'roles.base_role as role', 'users.is_disabled', 'users.is_deleted'])
    .where('users.id', 'in', userIds)
    .$if(scope.kind === 'company', (q) => q.where('users.company_id', '=', scope.kind === 'company' ? scope.companyId : ''))
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    role: row.role as RoleName,
    isDisabled: Number(row.is_disabled) === 1,
    isDeleted: Number(row.is_deleted) === 1,
  }));
}

/** Spec section 6: event assignment lists the company's active Empleado and Supervisor users, by name. */
export async function listAssignableUsers(db: Kysely<DB>, scope: CompanyOnlyScope) {
  const { companyId } = scope;
  const users = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['users.id', 'users.name', 'roles.base_role as role'])
    .where('users.company_id', '=', companyId)
    .where('roles.base_role', 'in', ['Empleado', 'Supervisor'])
    .where('users.is_disabled', '=', 0)
    .where('users.is_deleted', '=', 0)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
  const categories = users.length === 0
    ? []
    : await db
      .selectFrom('user_categories')
      .select(['user_id', 'category_id'])
      .where('user_id', 'in', users.map((user) => user.id))
      .execute();
  return { users: users.map((user) => ({ ...user, role: user.role as RoleName })), userCategories: categories };
}

/** The company's categories, for the picker's filter. */
export async function listCompanyCategories(db: Kysely<DB>, scope: CompanyOnlyScope) {
  const { companyId } = scope;
  return db
    .selectFrom('company_categories')
    .innerJoin('categories', 'categories.id', 'company_categories.category_id')
    .select(['categories.id', 'categories.name'])
    .where('company_categories.company_id', '=', companyId)
    .orderBy('categories.name')
    .execute();
}

export async function anyCompanyExists(db: Kysely<DB>): Promise<boolean> {
  return (await db.selectFrom('companies').select('id').limit(1).executeTakeFirst()) !== undefined;
}
