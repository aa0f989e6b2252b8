import type { CompanyPermissions, UpdatePermissionsRequest } from '@jornada/shared/schemas/permissions';
import { requireRole, scopeOf, type Actor } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { notFound, unprocessable } from '../../lib/errors';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { findCompany } from '../companies/companies.service';
import { COMPANY_NOT_FOUND_MESSAGE } from '../companies/companies.service';
import * as permissions from './permissions.repository';

async function requireCompany(deps: ServiceDeps, actor: Actor, companyId: string) {
  requireRole(actor, ['Administrador']);
  const company = await findCompany(deps.db, scopeOf(actor), companyId);
  if (!company) throw notFound(COMPANY_NOT_FOUND_MESSAGE);
  return company;
}

/** Manage-permissions: the views each non-admin role of the company is granted (decision 5). */
export async function getCompanyPermissions(deps: ServiceDeps, actor: Actor, companyId: string): Promise<CompanyPermissions> {
  await requireCompany(deps, actor, companyId);
  const roles = await permissions.findMatrixRoles(deps.db, companyId);
  const matrix = await permissions.findMatrix(deps.db, companyId, roles.map((role) => role.id));
  return { companyId, roles, permissions: matrix };
}

/** 'Permisos guardados': each role in the request gets exactly its views; roles left out keep theirs. */
export async function saveCompanyPermissions(
  deps: ServiceDeps,
  actor: Actor,
  companyId: string,
  input: UpdatePermissionsRequest,
): Promise<CompanyPermissions> {
  const company = await requireCompany(deps, actor, companyId);
  const roles = await permissions.findMatrixRoles(deps.db, companyId);
  const assigned = new Set(roles.map((role) => role.id));
  if (!Object.keys(input.permissions).every((roleId) => assigned.has(roleId))) {
    throw unprocessable('Solo se pueden conceder vistas a roles no administradores asignados a la empresa.');
  }
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await permissions.replaceMatrixRows(trx, companyId, input.permissions);
    await appendActorAction(trx, actor, now, { companyId, kind: 'permissions.update', message: `${actor.name} ha actualizado los permisos de la empresa «${company.name}»` });
  });
  return getCompanyPermissions(deps, actor, companyId);
}
