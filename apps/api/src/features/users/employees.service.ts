import {
  EMPLOYEE_ROLE_ONLY_MESSAGE,
  type Employee,
  type EmployeeAccessRequest,
  type EmployeePage,
  type EmployeesQueryParams,
  type UpdateEmployeeBody,
  type User,
} from '@jornada/shared/schemas/users';
import type { CompanyRole } from '@jornada/shared/schemas/roles';
import { requireRole, scopeOf, type Actor } from '../../lib/authorization';
import { decodeCursor, pageOf } from '../../lib/cursor';
import type { ServiceDeps } from '../../lib/deps';
import { badRequest, notFound, unprocessable } from '../../lib/errors';
import { findExistingCompanyIds, listCompanyRoles as listRolesOfCompany } from '../../db/tenant-lookups';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { deleteUserSessions } from './users.repository';
import * as users from './user-management.repository';
import { checkUserCategories, checkUserRole, OWN_ROLE_MESSAGE } from './users.service';

const EMPLOYEE_NOT_FOUND_MESSAGE = 'Empleado no encontrado.';
/** Decision 043: the people view-employees lists and may give are those of these capabilities, default or custom roles alike. */
const employeeBases = ['Empleado', 'Supervisor'] as const;

function toEmployee(user: User): Employee {
  const { id, name, email, phone, roleId, role, roleName, companyId, categoryIds, categories, isDisabled } = user;
  return { id, name, email, phone, roleId, role, roleName, companyId, categoryIds, categories, isDisabled };
}

/** View-employees: the Empleado and Supervisor users of the company (every company for an administrator). */
export async function listEmployees(deps: ServiceDeps, actor: Actor, query: EmployeesQueryParams): Promise<EmployeePage> {
  requireRole(actor, ['Supervisor', 'Administrador']);
  const scope = scopeOf(actor);
  const company = scope.kind === 'all' && query.companyId ? { kind: 'company' as const, companyId: query.companyId } : undefined;
  const after = query.cursor === undefined ? undefined : (decodeCursor(query.cursor, 2) as [string, string]);
  const rows = await users.listUsers(deps.db, scope, { company, bases: employeeBases, text: query.q, after, limit: query.limit });
  const page = pageOf(rows, query.limit, (user) => [user.name, user.id]);
  return { items: page.items.map(toEmployee), nextCursor: page.nextCursor };
}

/** Another company's user, an administrator or a deleted user is simply not there (404). */
async function getEmployeeUser(deps: ServiceDeps, actor: Actor, id: string): Promise<User> {
  const user = await users.findUserRecord(deps.db, scopeOf(actor), id);
  if (!user || user.isDeleted || user.role === 'Administrador') throw notFound(EMPLOYEE_NOT_FOUND_MESSAGE);
  return user;
}

/** 'Guardar Cambios': details (name, email, Empleado or Supervisor) and categories of the company. */
export async function updateEmployee(deps: ServiceDeps, actor: Actor, id: string, input: UpdateEmployeeBody): Promise<Employee> {
  requireRole(actor, ['Supervisor', 'Administrador']);
  const employee = await getEmployeeUser(deps, actor, id);
  if (id === actor.userId && input.roleId !== employee.roleId) throw unprocessable(OWN_ROLE_MESSAGE);
  if (input.roleId !== employee.roleId) await checkUserRole(deps.db, input.roleId, employee.companyId, employeeBases, EMPLOYEE_ROLE_ONLY_MESSAGE);
  const categoryIds = await checkUserCategories(deps.db, employee.companyId, input.categoryIds);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await users.updateUser(trx, id, { name: input.name, email: input.email, phone: input.phone, roleId: input.roleId, at: now });
    await users.replaceUserCategories(trx, id, categoryIds);
    await appendActorAction(trx, actor, now, {
      companyId: employee.companyId,
      kind: 'employee.update',
      message: `${actor.name} ha actualizado al empleado «${input.name}»`,
    });
  });
  return toEmployee(await getEmployeeUser(deps, actor, id));
}

/** 'Habilitar Acceso' / 'Deshabilitar Acceso': logged, and disabling signs the user out at once. */
export async function setEmployeeAccess(deps: ServiceDeps, actor: Actor, id: string, input: EmployeeAccessRequest): Promise<Employee> {
  requireRole(actor, ['Supervisor', 'Administrador']);
  const employee = await getEmployeeUser(deps, actor, id);
  if (id === actor.userId) throw unprocessable('No puedes cambiar tu propio acceso.');
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await users.setUserDisabled(trx, id, input.isDisabled, now);
    if (input.isDisabled) await deleteUserSessions(trx, id);
    await appendActorAction(trx, actor, now, {
      companyId: employee.companyId,
      kind: input.isDisabled ? 'user.disable' : 'user.enable',
      message: `${actor.name} ha ${input.isDisabled ? 'deshabilitado' : 'habilitado'} el acceso de «${employee.name}»`,
    });
  });
  return toEmployee(await getEmployeeUser(deps, actor, id));
}

/**
 * Decision 043: the roles the company's people may be given, Supervisor and Empleado and the custom
 * roles assigned to the company (each with its base), for the 'Rol' selects. The company is the
 * caller's own; an administrator names one.
 */
export async function listCompanyRoles(deps: ServiceDeps, actor: Actor, query: { companyId?: string }): Promise<CompanyRole[]> {
  requireRole(actor, ['Supervisor', 'Administrador']);
  const scope = scopeOf(actor);
  const companyId = scope.kind === 'company' ? scope.companyId : query.companyId;
  if (!companyId) throw badRequest('Selecciona una empresa.');
  if (scope.kind === 'all' && (await findExistingCompanyIds(deps.db, [companyId])).length === 0) throw notFound('Empresa no encontrada.');
  return listRolesOfCompany(deps.db, companyId);
}
