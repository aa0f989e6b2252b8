import type { Kysely } from 'kysely';
import { defaultRoleIds, grantableViews, type RoleName } from '@jornada/shared/permissions';
import type { Company } from '@jornada/shared/schemas/companies';
import { DEFAULT_QUALIFICATION_TYPES } from '@jornada/shared/schemas/qualifications';
import type { DB } from '../../db/schema';
import { grantDefaultViews } from '../../db/tenant-lookups';
import type { CompanyScope } from '../../lib/authorization';
import { newId } from '../../lib/ids';
import { deleteCompanyLinks } from '../access-links/access-links.service';
import { archiveCompany, type Deletion } from '../legal-archive/legal-archive.service';

const nonAdminRoles: RoleName[] = ['Supervisor', 'Empleado'];

/** Reference lists are small; this bound keeps a runaway table from becoming one huge response. */
export const MAX_COMPANIES = 1000;

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
  await grantDefaultViews(db, [company.id], nonAdminRoles.map((role) => defaultRoleIds[role]));
  // Decision 042: the usual qualification types of a security company, for its supervisors to extend.
  await db
    .insertInto('qualification_types')
    .values(DEFAULT_QUALIFICATION_TYPES.map((name) => ({ id: newId('qtyp'), company_id: company.id, name, created_at: company.createdAt.toISOString() })))
    .execute();
}

const viewOrder = (view: string) => (grantableViews as readonly string[]).indexOf(view);

/** Companies with their assignments and matrix: four queries for the whole list, never one per company. */
async function withAssignments(db: Kysely<DB>, companies: { id: string; name: string }[]): Promise<Company[]> {
  if (companies.length === 0) return [];
  const ids = companies.map((company) => company.id);
  const [roles, categories, permissions] = await Promise.all([
    db.selectFrom('company_roles').select(['company_id', 'role_id']).where('company_id', 'in', ids).orderBy('role_id').execute(),
    db.selectFrom('company_categories').select(['company_id', 'category_id']).where('company_id', 'in', ids).orderBy('category_id').execute(),
    db.selectFrom('company_permissions').select(['company_id', 'role_id', 'view_id']).where('company_id', 'in', ids).execute(),
  ]);
  const byId = new Map<string, Company>(
    companies.map((company) => [company.id, { id: company.id, name: company.name, assignedRoles: [], assignedCategories: [], permissions: {} }]),
  );
  for (const row of roles) {
    const company = byId.get(row.company_id)!;
    company.assignedRoles.push(row.role_id);
    company.permissions[row.role_id] ??= [];
  }
  for (const row of categories) byId.get(row.company_id)!.assignedCategories.push(row.category_id);
  for (const row of permissions) (byId.get(row.company_id)!.permissions[row.role_id] ??= []).push(row.view_id);
  for (const company of byId.values()) {
    delete company.permissions[defaultRoleIds.Administrador];
    for (const views of Object.values(company.permissions)) views.sort((a, b) => viewOrder(a) - viewOrder(b));
  }
  return [...byId.values()];
}

export async function listCompanies(db: Kysely<DB>, scope: CompanyScope): Promise<Company[]> {
  const companies = await db
    .selectFrom('companies')
    .select(['id', 'name'])
    .$if(scope.kind === 'company', (q) => q.where('id', '=', scope.kind === 'company' ? scope.companyId : ''))
    .orderBy('name')
    .orderBy('id')
    .limit(MAX_COMPANIES)
    .execute();
  return withAssignments(db, companies);
}

export async function findCompany(db: Kysely<DB>, scope: CompanyScope, id: string): Promise<Company | undefined> {
  const company = await db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('id', '=', id)
    .$if(scope.kind === 'company', (q) => q.where('id', '=', scope.kind === 'company' ? scope.companyId : ''))
    .executeTakeFirst();
  return company && (await withAssignments(db, [company]))[0];
}

export async function renameCompany(db: Kysely<DB>, id: string, name: string): Promise<void> {
  await db.updateTable('companies').set({ name }).where('id', '=', id).execute();
}

/**
 * Replaces the roles assigned to a company: a role taken away loses its row of the matrix, a default
 * role newly given gets its default views. Call inside a transaction.
 */
export async function setCompanyRoles(db: Kysely<DB>, companyId: string, roleIds: readonly string[]): Promise<void> {
  const current = await db.selectFrom('company_roles').select('role_id').where('company_id', '=', companyId).execute();
  const currentIds = new Set(current.map((row) => row.role_id));
  const added = roleIds.filter((id) => !currentIds.has(id));
  const removed = [...currentIds].filter((id) => !roleIds.includes(id));
  if (removed.length > 0) {
    await db.deleteFrom('company_permissions').where('company_id', '=', companyId).where('role_id', 'in', removed).execute();
    await db.deleteFrom('company_roles').where('company_id', '=', companyId).where('role_id', 'in', removed).execute();
  }
  if (added.length > 0) {
    await db.insertInto('company_roles').values(added.map((roleId) => ({ company_id: companyId, role_id: roleId }))).execute();
    await grantDefaultViews(db, [companyId], added);
  }
}

/**
 * Replaces the categories assigned to a company; its users lose the categories taken away (a user's
 * categories always belong to their company). Call inside a transaction.
 */
export async function setCompanyCategories(db: Kysely<DB>, companyId: string, categoryIds: readonly string[]): Promise<void> {
  await db
    .deleteFrom('company_categories')
    .where('company_id', '=', companyId)
    .$if(categoryIds.length > 0, (q) => q.where('category_id', 'not in', [...categoryIds]))
    .execute();
  await db
    .deleteFrom('user_categories')
    .where('user_id', 'in', db.selectFrom('users').select('id').where('company_id', '=', companyId))
    .$if(categoryIds.length > 0, (q) => q.where('category_id', 'not in', [...categoryIds]))
    .execute();
  if (categoryIds.length === 0) return;
  const current = await db.selectFrom('company_categories').select('category_id').where('company_id', '=', companyId).execute();
  const currentIds = new Set(current.map((row) => row.category_id));
  const added = categoryIds.filter((id) => !currentIds.has(id));
  if (added.length > 0) {
    await db.insertInto('company_categories').values(added.map((categoryId) => ({ company_id: companyId, category_id: categoryId }))).execute();
  }
}

/**
 * Deleting a company removes everything that belongs to it, children before parents, in the caller's
 * transaction (decision 8). This is the one place for it: a feature that adds a company-owned table
 * adds its delete here, above the users it may reference. The registro de jornada (time records,
 * corrections, signed months, and their 'registro-signature' files) is not deleted: it is archived for
 * 4 years (decisions 014, 036). `files` has no foreign keys to companies or users (decision 036): a
 * feature that stores files deletes them here, or they outlive the company.
 */
export async function deleteCompanyCascade(db: Kysely<DB>, company: { id: string; name: string }, deletion: Deletion): Promise<void> {
  const companyId = company.id;
  // First, while the names still exist: the legal record's archive (decision 014).
  await archiveCompany(db, company, deletion);
  await deleteCompanyLinks(db, companyId);
  const companyUsers = db.selectFrom('users').select('id').where('company_id', '=', companyId);
  const companyEvents = db.selectFrom('events').select('id').where('company_id', '=', companyId);
  // Time records have no foreign keys on purpose (decision 8): the legal record stays for 4 years.
  await db.deleteFrom('event_assignments').where('event_id', 'in', companyEvents).execute();
  await db.deleteFrom('event_assignments').where('user_id', 'in', companyUsers).execute();
  await db.deleteFrom('events').where('company_id', '=', companyId).execute();
  // Loans of the company, and any loan naming one of its users (someone moved here from another company).
  const companyLoans = db
    .selectFrom('material_loans')
    .select('id')
    .where((eb) => eb.or([eb('company_id', '=', companyId), eb('employee_id', 'in', companyUsers)]));
  await db.deleteFrom('material_loan_items').where('loan_id', 'in', companyLoans).execute();
  await db.deleteFrom('material_loans').where((eb) => eb.or([eb('company_id', '=', companyId), eb('employee_id', 'in', companyUsers)])).execute();
  const companyMaterials = db.selectFrom('materials').select('id').where('company_id', '=', companyId);
  await db.deleteFrom('material_items').where('material_id', 'in', companyMaterials).execute();
  await db.deleteFrom('materials').where('company_id', '=', companyId).execute();
  // Work reports, documents and signatures (the company's, and its users' from a former company), then their files.
  const companyReports = db
    .selectFrom('work_reports')
    .select('id')
    .where((eb) => eb.or([eb('company_id', '=', companyId), eb('user_id', 'in', companyUsers)]));
  await db.deleteFrom('work_report_attachments').where('report_id', 'in', companyReports).execute();
  await db.deleteFrom('work_reports').where((eb) => eb.or([eb('company_id', '=', companyId), eb('user_id', 'in', companyUsers)])).execute();
  await db.deleteFrom('user_documents').where((eb) => eb.or([eb('company_id', '=', companyId), eb('user_id', 'in', companyUsers)])).execute();
  await db.deleteFrom('user_signatures').where((eb) => eb.or([eb('company_id', '=', companyId), eb('user_id', 'in', companyUsers)])).execute();
  // Vacation requests point at their signature files: they go first (their days follow by cascade).
  await db.deleteFrom('vacation_requests').where((eb) => eb.or([eb('company_id', '=', companyId), eb('employee_id', 'in', companyUsers)])).execute();
  // The registro's signatures (signed months, correction approvals) stay with the legal record (decision 036).
  await db
    .deleteFrom('files')
    .where((eb) => eb.or([eb('company_id', '=', companyId), eb('owner_id', 'in', companyUsers)]))
    .where('purpose', '!=', 'registro-signature')
    .execute();
  await db.deleteFrom('sessions').where('user_id', 'in', companyUsers).execute();
  await db.deleteFrom('user_categories').where('user_id', 'in', companyUsers).execute();
  await db.deleteFrom('users').where('company_id', '=', companyId).execute();
  await db.deleteFrom('company_permissions').where('company_id', '=', companyId).execute();
  await db.deleteFrom('company_roles').where('company_id', '=', companyId).execute();
  await db.deleteFrom('company_categories').where('company_id', '=', companyId).execute();
  await db.deleteFrom('companies').where('id', '=', companyId).execute();
}
