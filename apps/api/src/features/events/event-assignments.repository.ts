import type { Kysely } from 'kysely';
import type { RoleName } from '@jornada/shared/permissions';
import type { DB } from '../../db/schema';
import type { CompanyScope } from '../../lib/authorization';

/** One company: the event's, which assignments and pickers are limited to. */
export type CompanyOnlyScope = Extract<CompanyScope, { kind: 'company' }>;

export interface AssigneeRow {
  event_id: string;
  user_id: string;
  /** Null when the user row is gone; a deleted user is reported through is_deleted. */
  name: string | null;
  is_deleted: number | null;
}

/** The assignments of a page of events in one query (no N+1), by name. */
export async function findAssignees(db: Kysely<DB>, scope: CompanyScope, eventIds: readonly string[]): Promise<AssigneeRow[]> {
  if (eventIds.length === 0) return [];
  return db
    .selectFrom('event_assignments')
    .innerJoin('events', 'events.id', 'event_assignments.event_id')
    .leftJoin('users', 'users.id', 'event_assignments.user_id')
    .select(['event_assignments.event_id', 'event_assignments.user_id', 'users.name', 'users.is_deleted'])
    .where('event_assignments.event_id', 'in', eventIds)
    .$if(scope.kind === 'company', (q) => q.where('events.company_id', '=', scope.kind === 'company' ? scope.companyId : ''))
    .orderBy('users.name')
    .orderBy('event_assignments.user_id')
    .execute();
}

export async function insertAssignments(db: Kysely<DB>, rows: { event_id: string; user_id: string }[]): Promise<void> {
  for (let index = 0; index < rows.length; index += 500) {
    await db.insertInto('event_assignments').values(rows.slice(index, index + 500)).execute();
  }
}

/** Replaces an event's assigned list; call inside a transaction after the scoped event read. */
export async function replaceAssignments(db: Kysely<DB>, eventId: string, userIds: readonly string[]): Promise<void> {
  await db.deleteFrom('event_assignments').where('event_id', '=', eventId).execute();
  await insertAssignments(db, userIds.map((userId) => ({ event_id: eventId, user_id: userId })));
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
    .select(['users.id', 'users.name', 'roles.name as role', 'users.is_disabled', 'users.is_deleted'])
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
    .select(['users.id', 'users.name', 'roles.name as role'])
    .where('users.company_id', '=', companyId)
    .where('roles.name', 'in', ['Empleado', 'Supervisor'])
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

export async function findCompanyName(db: Kysely<DB>, companyId: string): Promise<string | undefined> {
  const row = await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
  return row?.name;
}

export async function anyCompanyExists(db: Kysely<DB>): Promise<boolean> {
  return (await db.selectFrom('companies').select('id').limit(1).executeTakeFirst()) !== undefined;
}
