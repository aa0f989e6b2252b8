import { eurosToCents } from '@jornada/shared/format';
import { defaultRoleIds } from '@jornada/shared/permissions';
import { ROLE_HELD_MESSAGE, type DeleteRoleQuery, type Role, type RoleBody, type RoleCompaniesRequest } from '@jornada/shared/schemas/roles';
import { requireRole, type Actor } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { findExistingCompanyIds } from '../../db/tenant-lookups';
import * as roles from './roles.repository';

export const DEFAULT_ROLE_DELETE_MESSAGE = 'No se pueden eliminar los roles por defecto.';
const ROLE_NAME_TAKEN_MESSAGE = 'Ya existe un rol con ese nombre.';
export const ROLE_STILL_HELD_IN_COMPANY_MESSAGE = 'Hay personas de esa empresa con este rol: pásalas antes a otro rol.';

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
    const base = input.base ?? 'Empleado';
    await roles.insertRole(trx, { id, name: input.name, priceCents: eurosToCents(input.price), base, createdAt: now });
    await appendActorAction(trx, actor, now, { companyId: null, kind: 'role.create', message: `${actor.name} ha creado el rol «${input.name}», basado en ${base}` });
  });
  return getRole(deps, id);
}

/** A default role keeps its name (sessions and rules know it by name); its price can change. */
export async function updateRole(deps: ServiceDeps, actor: Actor, id: string, input: RoleBody): Promise<Role> {
  requireRole(actor, ['Administrador']);
  const role = await getRole(deps, id);
  if (role.isDefault && input.name !== role.name) throw unprocessable('No se puede cambiar el nombre de los roles por defecto.');
  if (role.isDefault && input.base !== undefined && input.base !== role.base) throw unprocessable('No se puede cambiar la base de los roles por defecto.');
  if (await roles.isRoleNameTaken(deps.db, input.name, id)) throw conflict(ROLE_NAME_TAKEN_MESSAGE);
  const base = input.base ?? role.base;
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await roles.updateRole(trx, id, { name: input.name, priceCents: eurosToCents(input.price), base });
    const rebased = base === role.base ? '' : `, ahora basado en ${base}`;
    await appendActorAction(trx, actor, now, { companyId: null, kind: 'role.update', message: `${actor.name} ha actualizado el rol «${input.name}»${rebased}` });
  });
  return getRole(deps, id);
}

/**
 * Clears the role from every company. The people who hold it move first, in the same transaction,
 * to `moveTo`: a role that is not the Administrador and is assigned to each of their companies
 * (a default role always is). Deleted users holding it move with them (their records keep a role).
 */
export async function deleteRole(deps: ServiceDeps, actor: Actor, id: string, query: DeleteRoleQuery): Promise<void> {
  requireRole(actor, ['Administrador']);
  const role = await getRole(deps, id);
  if (role.isDefault) throw conflict(DEFAULT_ROLE_DELETE_MESSAGE);
  if (role.holderCount > 0 && query.moveTo === undefined) throw unprocessable(ROLE_HELD_MESSAGE);
  // Nobody living holds it: the deleted users who did fall back to the default role of its base.
  const moveToId = query.moveTo ?? defaultRoleIds[role.base];
  if (moveToId === id) throw unprocessable('Las personas no pueden pasar al mismo rol que se elimina.');
  const target = await roles.findRole(deps.db, moveToId);
  if (!target) throw unprocessable('El rol al que pasan las personas no existe.');
  if (target.base === 'Administrador') throw unprocessable('Las personas de una empresa no pueden pasar al rol Administrador.');
  if (!target.isDefault) {
    const holderCompanies = await roles.findHolderCompanyIds(deps.db, id);
    const assigned = await roles.findCompaniesWithRole(deps.db, target.id, holderCompanies);
    if (assigned.length !== holderCompanies.length) throw unprocessable(`El rol «${target.name}» no está asignado a todas las empresas de las personas con este rol.`);
  }
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await roles.moveHolders(trx, id, target.id, now);
    await roles.deleteRole(trx, id);
    const movedText =
      role.holderCount === 0
        ? ''
        : role.holderCount === 1
          ? `; la persona que lo tenía pasa al rol «${target.name}»`
          : `; sus ${role.holderCount} personas pasan al rol «${target.name}»`;
    await appendActorAction(trx, actor, now, { companyId: null, kind: 'role.delete', message: `${actor.name} ha eliminado el rol «${role.name}»${movedText}` });
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
  const dropped = role.companyIds.filter((companyId) => !companyIds.includes(companyId));
  if (await roles.isRoleHeldIn(deps.db, id, dropped)) throw unprocessable(ROLE_STILL_HELD_IN_COMPANY_MESSAGE);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await roles.setRoleCompanies(trx, id, companyIds);
    await appendActorAction(trx, actor, now, { companyId: null, kind: 'role.assignments', message: `${actor.name} ha actualizado las empresas del rol «${role.name}»` });
  });
  return getRole(deps, id);
}
