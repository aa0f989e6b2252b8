import type { Kysely } from 'kysely';
import { centsToEuros } from '@jornada/shared/format';
import type { RoleName } from '@jornada/shared/permissions';
import type { Role, RoleBase } from '@jornada/shared/schemas/roles';
import type { DB } from '../../db/schema';
import { grantDefaultViews } from '../../db/tenant-lookups';

/** Roles are a short reference list; the bound only guards against a runaway table. */
const MAX_ROLES = 500;

type RoleRow = { id: string; name: string; price_cents: number | null; is_default: number; base_role: string };

async function withCompanies(db: Kysely<DB>, roles: RoleRow[]): Promise<Role[]> {
  if (roles.length === 0) return [];
  const roleIds = roles.map((role) => role.id);
  const [links, holders] = await Promise.all([
    db.selectFrom('company_roles').select(['role_id', 'company_id']).where('role_id', 'in', roleIds).orderBy('company_id').execute(),
    db
      .selectFrom('users')
      .select(['role_id', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('role_id', 'in', roleIds)
      .where('is_deleted', '=', 0)
      .groupBy('role_id')
      .execute(),
  ]);
  return roles.map((role) => ({
    id: role.id,
    name: role.name,
    price: centsToEuros(role.price_cents),
    isDefault: Number(role.is_default) === 1,
    base: role.base_role as RoleName,
    holderCount: Number(holders.find((row) => row.role_id === role.id)?.count ?? 0),
    companyIds: links.filter((link) => link.role_id === role.id).map((link) => link.company_id),
  }));
}

function roleQuery(db: Kysely<DB>) {
  return db.selectFrom('roles').select(['id', 'name', 'price_cents', 'is_default', 'base_role']);
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

export async function insertRole(db: Kysely<DB>, role: { id: string; name: string; priceCents: number | null; base: RoleBase; createdAt: Date }): Promise<void> {
  await db
    .insertInto('roles')
    .values({ id: role.id, name: role.name, price_cents: role.priceCents, is_default: 0, base_role: role.base, created_at: role.createdAt.toISOString() })
    .execute();
}

export async function updateRole(db: Kysely<DB>, id: string, changes: { name: string; priceCents: number | null; base: RoleName }): Promise<void> {
  await db.updateTable('roles').set({ name: changes.name, price_cents: changes.priceCents, base_role: changes.base }).where('id', '=', id).execute();
}

/** The companies of the users (deleted ones too) who hold a role: where a role they move to must be assigned. */
export async function findHolderCompanyIds(db: Kysely<DB>, roleId: string): Promise<string[]> {
  const rows = await db.selectFrom('users').select('company_id').distinct().where('role_id', '=', roleId).execute();
  return rows.map((row) => row.company_id).filter((id): id is string => id !== null);
}

/** The companies among `companyIds` that have `roleId` assigned. */
export async function findCompaniesWithRole(db: Kysely<DB>, roleId: string, companyIds: readonly string[]): Promise<string[]> {
  if (companyIds.length === 0) return [];
  const rows = await db.selectFrom('company_roles').select('company_id').where('role_id', '=', roleId).where('company_id', 'in', [...companyIds]).execute();
  return rows.map((row) => row.company_id);
}

/** Whether anyone (not deleted) of these companies holds the role. */
export async function isRoleHeldIn(db: Kysely<DB>, roleId: string, companyIds: readonly string[]): Promise<boolean> {
  if (companyIds.length === 0) return false;
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role_id', '=', roleId)
    .where('is_deleted', '=', 0)
    .where('company_id', 'in', [...companyIds])
    .executeTakeFirst();
  return row !== undefined;
}

/** Every user holding `fromRoleId`, deleted ones included, now holds `toRoleId`. Call inside a transaction. */
export async function moveHolders(db: Kysely<DB>, fromRoleId: string, toRoleId: string, at: Date): Promise<void> {
  await db.updateTable('users').set({ role_id: toRoleId, updated_at: at.toISOString() }).where('role_id', '=', fromRoleId).execute();
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
