/**
 * The tenant tables every feature checks against (companies, roles, categories) and the default
 * views a role gets in a company. Companies, roles, categories and users all need them, so they sit
 * below the features: a feature calling them does not reach sideways into another (issue 22).
 */
import type { Kysely } from 'kysely';
import { defaultGrantedViews, defaultRoleIds, roleNames } from '@jornada/shared/permissions';
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
