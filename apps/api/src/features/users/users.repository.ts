import type { Kysely } from 'kysely';
import { grantableViews, type RoleName } from '@jornada/shared/permissions';
import type { DB } from '../../db/schema';
import { preparedQuery } from '../../db/prepared-query';

export interface UserWithRole {
  id: string;
  name: string;
  username: string;
  email: string | null;
  passwordHash: string;
  roleId: string;
  /** The capabilities: the role's base (decision 043); a default role is its own base. */
  role: RoleName;
  /** The role's own name, what people see ('Vigilante nocturno' or 'Empleado'). */
  roleName: string;
  companyId: string | null;
  companyName: string | null;
  isDisabled: boolean;
  isDeleted: boolean;
}

function userWithRoleQuery(db: Kysely<DB>) {
  return db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'users.id',
      'users.name',
      'users.username',
      'users.email',
      'users.password_hash',
      'users.role_id',
      'roles.base_role as role_base',
      'roles.name as role_name',
      'users.company_id',
      'companies.name as company_name',
      'users.is_disabled',
      'users.is_deleted',
    ]);
}

type UserWithRoleRow = Awaited<ReturnType<ReturnType<typeof userWithRoleQuery>['executeTakeFirstOrThrow']>>;

function toUserWithRole(row: UserWithRoleRow): UserWithRole {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    passwordHash: row.password_hash,
    roleId: row.role_id,
    role: row.role_base as RoleName,
    roleName: row.role_name,
    companyId: row.company_id,
    companyName: row.company_name,
    isDisabled: Number(row.is_disabled) === 1,
    isDeleted: Number(row.is_deleted) === 1,
  };
}

/** Exact, case-sensitive match: the spec's login rule. */
export async function findUserByUsername(db: Kysely<DB>, username: string): Promise<UserWithRole | undefined> {
  const row = await userWithRoleQuery(db).where('users.username', '=', username).executeTakeFirst();
  return row && toUserWithRole(row);
}

const userByIdQuery = preparedQuery<{ id: string }>()((db, param) => userWithRoleQuery(db).where('users.id', '=', param('id')));

export async function findUserById(db: Kysely<DB>, id: string): Promise<UserWithRole | undefined> {
  const row = await userByIdQuery.takeFirst(db, { id });
  return row && toUserWithRole(row);
}

const userCategoryIdsQuery = preparedQuery<{ userId: string }>()((db, param) =>
  db.selectFrom('user_categories').select('category_id').where('user_id', '=', param('userId')),
);

export async function findUserCategoryIds(db: Kysely<DB>, userId: string): Promise<string[]> {
  const rows = await userCategoryIdsQuery.execute(db, { userId });
  return rows.map((row) => row.category_id);
}

const grantedViewsQuery = preparedQuery<{ companyId: string; roleId: string }>()((db, param) =>
  db.selectFrom('company_permissions').select('view_id').where('company_id', '=', param('companyId')).where('role_id', '=', param('roleId')),
);

/** The views a company grants a role; an administrator is never limited by a company's matrix. */
export async function findGrantedViews(
  db: Kysely<DB>,
  role: RoleName,
  roleId: string,
  companyId: string | null,
): Promise<string[]> {
  if (role === 'Administrador') return [...grantableViews];
  if (!companyId) return [];
  const rows = await grantedViewsQuery.execute(db, { companyId, roleId });
  return rows.map((row) => row.view_id);
}

/** One indexed probe of the permission matrix (primary key company, role, view). */
export async function isViewGrantedTo(db: Kysely<DB>, companyId: string, roleId: string, view: string): Promise<boolean> {
  const row = await db
    .selectFrom('company_permissions')
    .select('view_id')
    .where('company_id', '=', companyId)
    .where('role_id', '=', roleId)
    .where('view_id', '=', view)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Signs a user out everywhere (but the given session): what disabling, deleting or a new password
 * does. It lives with the users, not in auth, so that user management does not import auth back.
 */
export async function deleteUserSessions(db: Kysely<DB>, userId: string, exceptSessionId?: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .$if(exceptSessionId !== undefined, (query) => query.where('id', '!=', exceptSessionId as string))
    .execute();
}
