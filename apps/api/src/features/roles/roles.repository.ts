import type { Kysely } from 'kysely';
import { centsToEuros } from '@jornada/shared/format';
import type { Role } from '@jornada/shared/schemas/roles';
import type { DB } from '../../db/schema';
import { grantDefaultViews } from '../../db/tenant-lookups';

/** Roles are a short reference list; the bound only guards against a runaway table. */
const MAX_ROLES = 500;

async function withCompanies(db: Kysely<DB>, roles: { id: string; name: string; price_cents: number | null; is_default: number }[]): Promise<Role[]> {
  if (roles.length === 0) return [];
  const links = await db
    .selectFrom('company_roles')
    .select(['role_id', 'company_id'])
    .where('role_id', 'in', roles.map((role) => role.id))
    .orderBy('company_id')
    .execute();
  return roles.map((role) => ({
    id: role.id,
    name: role.name,
    price: centsToEuros(role.price_cents),
    isDefault: Number(role.is_default) === 1,
    companyIds: links.filter((link) => link.role_id === role.id).map((link) => link.company_id),
  }));
}

function roleQuery(db: Kysely<DB>) {
  return db.selectFrom('roles').select(['id', 'name', 'price_cents', 'is_default']);
}

/** Default roles first, then by name. */
export async function listRoles(db: Kysely<DB>): Promise<Role[]> {
  const roles = await roleQuery(db).orderBy('is_default', 'desc').orderBy('name').limit(MAX_ROLES).execute();
  return withCompanies(db, roles);
}

export async function findRole(db: Kysely<DB>, id: string): Promise<Role | undefined> {
  const role = await roleQuery(db).where('id', '=', id).executeTakeFirst();
  return role && (await withCompanies(db, [role]))[0];
}

export async function isRoleNameTaken(db: Kysely<DB>, name: string, exceptId?: string): Promise<boolean> {
  const row = await db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', name)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId as string))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRole(db: Kysely<DB>, role: { id: string; name: string; priceCents: number | null; createdAt: Date }): Promise<void> {
  await db
    .insertInto('roles')
    .values({ id: role.id, name: role.name, price_cents: role.priceCents, is_default: 0, created_at: role.createdAt.toISOString() })
    .execute();
}

export async function updateRole(db: Kysely<DB>, id: string, changes: { name: string; priceCents: number | null }): Promise<void> {
  await db.updateTable('roles').set({ name: changes.name, price_cents: changes.priceCents }).where('id', '=', id).execute();
}

/** Removes a role and clears it from every company (assignment and matrix row). Call inside a transaction. */
export async function deleteRole(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('company_permissions').where('role_id', '=', id).execute();
  await db.deleteFrom('company_roles').where('role_id', '=', id).execute();
  await db.deleteFrom('roles').where('id', '=', id).execute();
}

/**
 * Replaces the companies a role is assigned to: a company that loses it drops its matrix row, a
 * company that gains a default role grants its default views. Call inside a transaction.
 */
export async function setRoleCompanies(db: Kysely<DB>, roleId: string, companyIds: readonly string[]): Promise<void> {
  const current = await db.selectFrom('company_roles').select('company_id').where('role_id', '=', roleId).execute();
  const currentIds = new Set(current.map((row) => row.company_id));
  const added = companyIds.filter((id) => !currentIds.has(id));
  const removed = [...currentIds].filter((id) => !companyIds.includes(id));
  if (removed.length > 0) {
    await db.deleteFrom('company_permissions').where('role_id', '=', roleId).where('company_id', 'in', removed).execute();
    await db.deleteFrom('company_roles').where('role_id', '=', roleId).where('company_id', 'in', removed).execute();
  }
  if (added.length > 0) {
    await db.insertInto('company_roles').values(added.map((companyId) => ({ company_id: companyId, role_id: roleId }))).execute();
    await grantDefaultViews(db, added, [roleId]);
  }
}
