import type { Kysely } from 'kysely';
import type { RoleName } from '@jornada/shared/permissions';
import type { User } from '@jornada/shared/schemas/users';
import type { DB } from '../../db/schema';
import type { CompanyScope } from '../../lib/authorization';
import { anyContains } from '../../lib/list-filters';
import { INVITATION_PENDING_HASH } from '../../lib/passwords';

function userRecordQuery(db: Kysely<DB>, scope: CompanyScope) {
  return db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'users.id',
      'users.name',
      'users.username',
      'users.email',
      'users.phone',
      'users.role_id',
      'roles.base_role as role_base',
      'roles.name as role_name',
      'users.company_id',
      'companies.name as company_name',
      'users.is_disabled',
      'users.is_deleted',
      (eb) => eb('users.password_hash', '=', INVITATION_PENDING_HASH).as('invitation_pending'),
    ])
    .$if(scope.kind === 'company', (q) => q.where('users.company_id', '=', scope.kind === 'company' ? scope.companyId : ''));
}

type UserRecordRow = Awaited<ReturnType<ReturnType<typeof userRecordQuery>['executeTakeFirstOrThrow']>>;

/** The categories of a page of users in one query (never one per user). Password hashes are never read. */
async function withCategories(db: Kysely<DB>, rows: UserRecordRow[]): Promise<User[]> {
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom('user_categories')
    .innerJoin('categories', 'categories.id', 'user_categories.category_id')
    .select(['user_categories.user_id', 'categories.id', 'categories.name'])
    .where('user_categories.user_id', 'in', rows.map((row) => row.id))
    .orderBy('categories.name')
    .orderBy('categories.id')
    .execute();
  return rows.map((row) => {
    const categories = links.filter((link) => link.user_id === row.id).map((link) => ({ id: link.id, name: link.name }));
    return {
      id: row.id,
      name: row.name,
      username: row.username,
      email: row.email,
      phone: row.phone,
      roleId: row.role_id,
      role: row.role_base as RoleName,
      roleName: row.role_name,
      companyId: row.company_id,
      company: row.company_id && row.company_name !== null ? { id: row.company_id, name: row.company_name } : null,
      categoryIds: categories.map((category) => category.id),
      categories,
      isDisabled: Number(row.is_disabled) === 1,
      isDeleted: Number(row.is_deleted) === 1,
      invitationPending: Number(row.invitation_pending) === 1,
    };
  });
}

export interface UserListFilter {
  /** Narrows the scope further: users with no company, or of one company. */
  company?: { kind: 'none' } | { kind: 'company'; companyId: string };
  roleIds?: readonly string[];
  /** Only users whose role has one of these capabilities (decision 043). */
  bases?: readonly RoleName[];
  /** Text in the name, the email or (`searchUsername`) the login name, ignoring case. */
  text?: string;
  searchUsername?: boolean;
  /** name and id of the last user of the previous page. */
  after?: readonly [string, string];
  limit: number;
}

/** Users that are not deleted, by name, keyset-paginated; reads limit + 1 rows. */
export async function listUsers(db: Kysely<DB>, scope: CompanyScope, filter: UserListFilter): Promise<User[]> {
  const { company, roleIds, after } = filter;
  const rows = await userRecordQuery(db, scope)
    .where('users.is_deleted', '=', 0)
    .$if(company?.kind === 'none', (q) => q.where('users.company_id', 'is', null))
    .$if(company?.kind === 'company', (q) => q.where('users.company_id', '=', company?.kind === 'company' ? company.companyId : ''))
    .$if(roleIds !== undefined, (q) => q.where('users.role_id', 'in', [...roleIds!]))
    .$if(filter.bases !== undefined, (q) => q.where('roles.base_role', 'in', [...filter.bases!]))
    .$if(filter.text !== undefined, (q) =>
      q.where((eb) =>
        anyContains(eb, [eb.ref('users.name'), eb.ref('users.email'), ...(filter.searchUsername ? [eb.ref('users.username')] : [])], filter.text!),
      ),
    )
    .$if(after !== undefined, (q) => q.where((eb) => eb(eb.refTuple('users.name', 'users.id'), '>', eb.tuple(after![0], after![1]))))
    .orderBy('users.name')
    .orderBy('users.id')
    .limit(filter.limit + 1)
    .execute();
  return withCategories(db, rows);
}

/** One user in the scope, deleted or not (the service decides what a deleted user means). */
export async function findUserRecord(db: Kysely<DB>, scope: CompanyScope, id: string): Promise<User | undefined> {
  const row = await userRecordQuery(db, scope).where('users.id', '=', id).executeTakeFirst();
  return row && (await withCategories(db, [row]))[0];
}

/** Usernames stay taken by deleted users: their records keep pointing at them. */
export async function isUsernameTaken(db: Kysely<DB>, username: string, exceptId?: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId as string))
    .executeTakeFirst();
  return row !== undefined;
}

export interface UserFields {
  name: string;
  username: string;
  email: string | null;
  /** Undefined leaves the stored number as it is. */
  phone?: string | null;
  roleId: string;
  companyId: string | null;
}

/** `dni`: only the import sets it (decision 053). */
export async function insertUser(db: Kysely<DB>, user: UserFields & { id: string; passwordHash: string; at: Date; dni?: string | null }): Promise<void> {
  const at = user.at.toISOString();
  await db
    .insertInto('users')
    .values({
      id: user.id,
      name: user.name,
      username: user.username,
      password_hash: user.passwordHash,
      role_id: user.roleId,
      company_id: user.companyId,
      email: user.email,
      phone: user.phone ?? null,
      dni: user.dni ?? null,
      is_disabled: 0,
      is_deleted: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

export async function updateUser(db: Kysely<DB>, id: string, changes: Partial<UserFields> & { passwordHash?: string; at: Date }): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.username !== undefined && { username: changes.username }),
      ...(changes.email !== undefined && { email: changes.email }),
      ...(changes.phone !== undefined && { phone: changes.phone }),
      ...(changes.roleId !== undefined && { role_id: changes.roleId }),
      ...(changes.companyId !== undefined && { company_id: changes.companyId }),
      ...(changes.passwordHash !== undefined && { password_hash: changes.passwordHash }),
      updated_at: changes.at.toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

export async function replaceUserCategories(db: Kysely<DB>, userId: string, categoryIds: readonly string[]): Promise<void> {
  await db.deleteFrom('user_categories').where('user_id', '=', userId).execute();
  if (categoryIds.length === 0) return;
  await db.insertInto('user_categories').values(categoryIds.map((categoryId) => ({ user_id: userId, category_id: categoryId }))).execute();
}

export async function setUserDisabled(db: Kysely<DB>, id: string, disabled: boolean, at: Date): Promise<void> {
  await db.updateTable('users').set({ is_disabled: disabled ? 1 : 0, updated_at: at.toISOString() }).where('id', '=', id).execute();
}

/** Soft delete: the user can never sign in again, but everything they did stays. */
export async function softDeleteUser(db: Kysely<DB>, id: string, at: Date): Promise<void> {
  await db.updateTable('users').set({ is_deleted: 1, is_disabled: 1, updated_at: at.toISOString() }).where('id', '=', id).execute();
}
