import { defaultRoleIds } from '@jornada/shared/permissions';
import type { Company, CompanyAssignmentsRequest } from '@jornada/shared/schemas/companies';
import { requireRole, scopeOf, type Actor } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { badRequest, notFound, unprocessable } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { findExistingCategoryIds, findExistingRoleIds, findHeldCustomRoleIds } from '../../db/tenant-lookups';
import { RETENTION_YEARS } from '../legal-archive/retention';
import * as companies from './companies.repository';

export const COMPANY_NOT_FOUND_MESSAGE = 'Empresa no encontrada.';

const unique = (ids: readonly string[]) => [...new Set(ids)];

/** Administrators see every company, anyone else their own. */
export async function listCompanies(deps: ServiceDeps, actor: Actor): Promise<Company[]> {
  return companies.listCompanies(deps.db, scopeOf(actor));
}

export async function getCompany(deps: ServiceDeps, actor: Actor, id: string): Promise<Company> {
  const company = await companies.findCompany(deps.db, scopeOf(actor), id);
  if (!company) throw notFound(COMPANY_NOT_FOUND_MESSAGE);
  return company;
}

export async function createCompany(deps: ServiceDeps, actor: Actor, input: { name: string }): Promise<Company> {
  requireRole(actor, ['Administrador']);
  const now = deps.clock();
  const id = newId('comp');
  await deps.db.transaction().execute(async (trx) => {
    await companies.insertCompanyWithDefaults(trx, { id, name: input.name, createdAt: now });
    await appendActorAction(trx, actor, now, { companyId: id, kind: 'company.create', message: `${actor.name} ha creado la empresa «${input.name}»` });
  });
  return getCompany(deps, actor, id);
}

export async function renameCompany(deps: ServiceDeps, actor: Actor, id: string, input: { name: string }): Promise<Company> {
  requireRole(actor, ['Administrador']);
  const company = await getCompany(deps, actor, id);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await companies.renameCompany(trx, id, input.name);
    await appendActorAction(trx, actor, now, {
      companyId: id,
      kind: 'company.update',
      message: `${actor.name} ha renombrado la empresa «${company.name}» a «${input.name}»`,
    });
  });
  return getCompany(deps, actor, id);
}

/** Decision 8: the administrator types the name to confirm; everything of the company goes in one transaction. */
export async function deleteCompany(deps: ServiceDeps, actor: Actor, id: string, input: { confirmName: string }): Promise<void> {
  requireRole(actor, ['Administrador']);
  const company = await getCompany(deps, actor, id);
  if (input.confirmName.trim() !== company.name) throw badRequest('El nombre escrito no coincide con el de la empresa.');
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await companies.deleteCompanyCascade(trx, company, { at: now, byName: actor.name });
    await appendActorAction(trx, actor, now, { companyId: id, kind: 'company.delete', message: `${actor.name} ha eliminado la empresa «${company.name}»` });
    await appendActorAction(trx, actor, now, {
      companyId: id,
      kind: 'legal-archive.company',
      message: `El registro de jornada de la empresa «${company.name}» queda en el archivo legal durante ${RETENTION_YEARS} años`,
    });
  });
}

/** 'Asignaciones guardadas': the roles and categories of a company, each replaced as a whole. */
export async function saveCompanyAssignments(deps: ServiceDeps, actor: Actor, id: string, input: CompanyAssignmentsRequest): Promise<Company> {
  requireRole(actor, ['Administrador']);
  const company = await getCompany(deps, actor, id);
  const roleIds = unique(input.assignedRoles);
  const categoryIds = unique(input.assignedCategories);
  if (roleIds.includes(defaultRoleIds.Administrador)) throw unprocessable('El rol Administrador no se asigna a empresas.');
  const [existingRoles, existingCategories] = await Promise.all([
    findExistingRoleIds(deps.db, roleIds),
    findExistingCategoryIds(deps.db, categoryIds),
  ]);
  if (existingRoles.length !== roleIds.length) throw unprocessable('Alguno de los roles indicados no existe.');
  if (existingCategories.length !== categoryIds.length) throw unprocessable('Alguna de las categorías indicadas no existe.');
  // Decision 043: a custom role someone of the company holds stays assigned until they move.
  const dropped = company.assignedRoles.filter((roleId) => !roleIds.includes(roleId));
  if ((await findHeldCustomRoleIds(deps.db, id, dropped)).length > 0) throw unprocessable('Hay personas de la empresa con un rol que se quita: pásalas antes a otro rol.');
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await companies.setCompanyRoles(trx, id, roleIds);
    await companies.setCompanyCategories(trx, id, categoryIds);
    await appendActorAction(trx, actor, now, {
      companyId: id,
      kind: 'company.assignments',
      message: `${actor.name} ha actualizado los roles y categorías de la empresa «${company.name}»`,
    });
  });
  return getCompany(deps, actor, id);
}

// What other features may use of this feature's storage: they reach it through the service (issue 22).

export { findCompany } from './companies.repository';
