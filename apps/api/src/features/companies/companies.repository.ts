import type { Kysely } from 'kysely';
import { defaultGrantedViews, defaultRoleIds, type RoleName } from '@jornada/shared/permissions';
import type { DB } from '../../db/schema';

const nonAdminRoles: RoleName[] = ['Supervisor', 'Empleado'];

/**
 * A new company with the default roles assigned and decision 5's permission matrix: each non-admin
 * role gets every grantable view the route table gives it. Call inside a transaction.
 */
export async function insertCompanyWithDefaults(
  db: Kysely<DB>,
  company: { id: string; name: string; createdAt: Date },
): Promise<void> {
  await db.insertInto('companies').values({ id: company.id, name: company.name, created_at: company.createdAt.toISOString() }).execute();
  await db
    .insertInto('company_roles')
    .values(nonAdminRoles.map((role) => ({ company_id: company.id, role_id: defaultRoleIds[role] })))
    .execute();
  const permissions = nonAdminRoles.flatMap((role) =>
    defaultGrantedViews(role).map((view) => ({ company_id: company.id, role_id: defaultRoleIds[role], view_id: view })),
  );
  await db.insertInto('company_permissions').values(permissions).execute();
}
