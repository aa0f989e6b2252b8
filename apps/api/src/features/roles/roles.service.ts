import { eurosToCents } from '@jornada/shared/format';
import { defaultRoleIds } from '@jornada/shared/permissions';
import type { Role, RoleBody, RoleCompaniesRequest } from '@jornada/shared/schemas/roles';
import { requireRole, type Actor } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { findExistingCompanyIds } from '../../db/tenant-lookups';
import * as roles from './roles.repository';

export const DEFAULT_ROLE_DELETE_MESSAGE = 'No se pueden eliminar los roles por defecto.';
const ROLE_NAME_TAKEN_MESSAGE = 'Ya existe un rol con ese nombre.';

/** Roles are platform-wide reference data, managed only by an administrator. */
export async function listRoles(deps: ServiceDeps, actor: Actor): Promise<Role[]> {
  requireRole(actor, ['Administrador']);
  return roles.listRoles(deps.db);
}

async function getRole(deps: ServiceDeps, id: string): Promise<Role> {
  const role = await roles.findRole(deps.db, id);
  if (!role) throw notFound('Rol no encontrado.');
  return role;
}

export async function createRole(deps: ServiceDeps, actor: Actor, input: RoleBody): Promise<Role> {
  requireRole(actor, ['Administrador']);
  if (await roles.isRoleNameTaken(deps.db, input.name)) throw conflict(ROLE_NAME_TAKEN_MESSAGE);
  const id = newId('role');
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await roles.insertRole(trx, { id, name: input.name, priceCents: eurosToCents(input.price), createdAt: now });
    await appendActorAction(trx, actor, now, { companyId: null, kind: 'role.create', message: `${actor.name} ha creado el rol «${input.name}»` });
  });
  return getRole(deps, id);
}

/** A default role keeps its name (sessions and rules know it by name); its price can change. */
export async function updateRole(deps: ServiceDeps, actor: Actor, id: string, input: RoleBody): Promise<Role> {
  requireRole(actor, ['Administrador']);
  const role = await getRole(deps, id);
  if (role.isDefault && input.name !== role.name) throw unprocessable('No se puede cambiar el nombre de los roles por defecto.');
  if (await roles.isRoleNameTaken(deps.db, input.name, id)) throw conflict(ROLE_NAME_TAKEN_MESSAGE);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await roles.updateRole(trx, id, { name: input.name, priceCents: eurosToCents(input.price) });
    await appendActorAction(trx, actor, now, { companyId: null, kind: 'role.update', message: `${actor.name} ha actualizado el rol «${input.name}»` });
  });
  return getRole(deps, id);
}

/** Clears the role from every company. Users only ever hold default roles, which cannot be deleted. */
export async function deleteRole(deps: ServiceDeps, actor: Actor, id: string): Promise<void> {
  requireRole(actor, ['Administrador']);
  const role = await getRole(deps, id);
  if (role.isDefault) throw conflict(DEFAULT_ROLE_DELETE_MESSAGE);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await roles.deleteRole(trx, id);
    await appendActorAction(trx, actor, now, { companyId: null, kind: 'role.delete', message: `${actor.name} ha eliminado el rol «${role.name}»` });
  });
}

/** 'Asignaciones guardadas': the companies a role is assigned to, as a whole list. */
export async function saveRoleCompanies(deps: ServiceDeps, actor: Actor, id: string, input: RoleCompaniesRequest): Promise<Role> {
  requireRole(actor, ['Administrador']);
  const role = await getRole(deps, id);
  if (id === defaultRoleIds.Administrador) throw unprocessable('El rol Administrador no se asigna a empresas.');
  const companyIds = [...new Set(input.companyIds)];
  const existing = await findExistingCompanyIds(deps.db, companyIds);
  if (existing.length !== companyIds.length) throw unprocessable('Alguna de las empresas indicadas no existe.');
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await roles.setRoleCompanies(trx, id, companyIds);
    await appendActorAction(trx, actor, now, { companyId: null, kind: 'role.assignments', message: `${actor.name} ha actualizado las empresas del rol «${role.name}»` });
  });
  return getRole(deps, id);
}
