import type { Kysely } from 'kysely';
import { defaultRoleIds, grantableViews, type GrantableView, type RoleName } from '@jornada/shared/permissions';
import type { DB } from '../../db/schema';

/** The rows of a company's matrix: its assigned roles but the administrator, defaults first. */
export async function findMatrixRoles(db: Kysely<DB>, companyId: string): Promise<{ id: string; name: string; base: RoleName }[]> {
  const rows = await db
    .selectFrom('company_roles')
    .innerJoin('roles', 'roles.id', 'company_roles.role_id')
    .select(['roles.id', 'roles.name', 'roles.base_role'])
    .where('company_roles.company_id', '=', companyId)
    .where('roles.id', '!=', defaultRoleIds.Administrador)
    .orderBy('roles.is_default', 'desc')
    .orderBy('roles.name')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, base: row.base_role as RoleName }));
}

/** role id → granted views (in the order of the grantable views list). */
export async function findMatrix(db: Kysely<DB>, companyId: string, roleIds: readonly string[]): Promise<Record<string, GrantableView[]>> {
  const matrix: Record<string, GrantableView[]> = Object.fromEntries(roleIds.map((id) => [id, []]));
  if (roleIds.length === 0) return matrix;
  const rows = await db
    .selectFrom('company_permissions')
    .select(['role_id', 'view_id'])
    .where('company_id', '=', companyId)
    .where('role_id', 'in', [...roleIds])
    .execute();
  for (const view of grantableViews) {
    for (const row of rows) if (row.view_id === view) matrix[row.role_id]?.push(view);
  }
  return matrix;
}

/** Each role given gets exactly these views. Call inside a transaction. */
export async function replaceMatrixRows(db: Kysely<DB>, companyId: string, matrix: Record<string, readonly GrantableView[]>): Promise<void> {
  const roleIds = Object.keys(matrix);
  if (roleIds.length === 0) return;
  await db.deleteFrom('company_permissions').where('company_id', '=', companyId).where('role_id', 'in', roleIds).execute();
  const rows = Object.entries(matrix).flatMap(([roleId, views]) => [...new Set(views)].map((view) => ({ company_id: companyId, role_id: roleId, view_id: view })));
  if (rows.length > 0) await db.insertInto('company_permissions').values(rows).execute();
}
