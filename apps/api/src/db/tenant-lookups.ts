/**
 * The tenant tables every feature checks against (companies, roles, categories) and the default
 * views a role gets in a company. Companies, roles, categories and users all need them, so they sit
 * below the features: a feature calling them does not reach sideways into another (issue 22).
 */
import type { Kysely } from 'kysely';
import { defaultGrantedViews, defaultRoleIds, roleNames, type RoleName } from '@jornada/shared/permissions';
import type { DB } from './schema';

/** Which of `ids` are existing companies (for validating ids sent in a request body). */
export async function findExistingCompanyIds(db: Kysely<DB>, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('companies').select('id').where('id', 'in', [...ids]).execute();
  return rows.map((row) => row.id);
}

/** Which of `ids` are existing roles (for validating ids sent in a request body). */
export async function findExistingRoleIds(db: Kysely<DB>, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('roles').select('id').where('id', 'in', [...ids]).execute();
  return rows.map((row) => row.id);
}

/** Which of `ids` are existing categories (for validating ids sent in a request body). */
export async function findExistingCategoryIds(db: Kysely<DB>, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('categories').select('id').where('id', 'in', [...ids]).execute();
  return rows.map((row) => row.id);
}

/** Decision 5 for roles newly assigned to companies: a default role gets its default views, others none. */
export async function grantDefaultViews(db: Kysely<DB>, companyIds: readonly string[], roleIds: readonly string[]): Promise<void> {
  const permissions = roleNames
    .filter((role) => roleIds.includes(defaultRoleIds[role]))
    .flatMap((role) => defaultGrantedViews(role).map((view) => ({ role_id: defaultRoleIds[role], view_id: view })))
    .flatMap((permission) => companyIds.map((companyId) => ({ company_id: companyId, ...permission })));
  if (permissions.length > 0) await db.insertInto('company_permissions').values(permissions).execute();
}

/** A company's name; undefined when there is no such company. */
export async function findCompanyName(db: Kysely<DB>, companyId: string): Promise<string | undefined> {
  return (await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst())?.name;
}

export interface RoleForCompany {
  id: string;
  name: string;
  /** The capabilities (decision 043): Administrador, Supervisor or Empleado. */
  base: RoleName;
  isDefault: boolean;
  /** Whether the company has the role assigned (always false for no company). */
  assigned: boolean;
}

/** A role as a user of `companyId` would hold it; undefined when there is no such role. */
export async function findRoleForCompany(db: Kysely<DB>, roleId: string, companyId: string | null): Promise<RoleForCompany | undefined> {
  const role = await db.selectFrom('roles').select(['id', 'name', 'base_role', 'is_default']).where('id', '=', roleId).executeTakeFirst();
  if (!role) return undefined;
  const link = companyId
    ? await db.selectFrom('company_roles').select('role_id').where('role_id', '=', roleId).where('company_id', '=', companyId).executeTakeFirst()
    : undefined;
  return { id: role.id, name: role.name, base: role.base_role as RoleName, isDefault: Number(role.is_default) === 1, assigned: link !== undefined };
}

/** The custom roles among `roleIds` that someone (not deleted) of the company holds. */
export async function findHeldCustomRoleIds(db: Kysely<DB>, companyId: string, roleIds: readonly string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select('roles.id')
    .distinct()
    .where('users.company_id', '=', companyId)
    .where('users.is_deleted', '=', 0)
    .where('roles.is_default', '=', 0)
    .where('roles.id', 'in', [...roleIds])
    .execute();
  return rows.map((row) => row.id);
}

/** The roles (default and custom) that have one of these bases: what 'Empleado' means to payroll, payments, rosters. */
export function roleIdsWithBase(db: Kysely<DB>, bases: readonly RoleName[]) {
  return db.selectFrom('roles').select('roles.id').where('roles.base_role', 'in', [...bases]);
}

/** The non-admin roles the people of a company may hold: the default ones, then the custom roles assigned to it, by name. */
export async function listCompanyRoles(db: Kysely<DB>, companyId: string): Promise<{ id: string; name: string; base: RoleName; isDefault: boolean }[]> {
  const rows = await db
    .selectFrom('roles')
    .select(['id', 'name', 'base_role', 'is_default'])
    .where('base_role', '!=', 'Administrador')
    .where((eb) =>
      eb.or([eb('is_default', '=', 1), eb('id', 'in', eb.selectFrom('company_roles').select('role_id').where('company_id', '=', companyId))]),
    )
    .orderBy('is_default', 'desc')
    .orderBy('name')
    .limit(500)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, base: row.base_role as RoleName, isDefault: Number(row.is_default) === 1 }));
}
