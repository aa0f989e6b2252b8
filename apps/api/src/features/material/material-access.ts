import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { requireRole, scopeOf, type Actor, type CompanyScope } from '../../lib/authorization';
import { badRequest, unprocessable } from '../../lib/errors';
import { anyCompanyExists, companyExists } from './material.repository';

export const MATERIAL_NOT_FOUND_MESSAGE = 'No se ha encontrado el material.';
export const LOAN_NOT_FOUND_MESSAGE = 'No se ha encontrado el préstamo.';
export const COMPANY_REQUIRED_MESSAGE = 'Selecciona la empresa.';
export const NO_COMPANIES_MESSAGE = 'No hay empresas creadas. Crea una primero.';
export const UNKNOWN_COMPANY_MESSAGE = 'La empresa seleccionada no existe.';
export const OTHER_COMPANY_MESSAGE = 'Solo puedes gestionar el material de tu empresa.';

/** Supervisors and administrators manage material and loans (the route says so too; the service does not rely on it). */
export function requireMaterialManager(actor: Actor): CompanyScope {
  requireRole(actor, ['Supervisor', 'Administrador']);
  return scopeOf(actor);
}

/** The employee's side of a loan: only an Empleado receives material (spec section 6). */
export function requireLoanEmployee(actor: Actor): void {
  requireRole(actor, ['Empleado']);
}

/**
 * The company a write belongs to: a supervisor's own; an administrator names one (another company's
 * id from a supervisor, or an unknown one, is a 422).
 */
export async function resolveCompany(db: Kysely<DB>, scope: CompanyScope, requested: string | null | undefined): Promise<string> {
  if (scope.kind === 'company') {
    if (requested && requested !== scope.companyId) throw unprocessable(OTHER_COMPANY_MESSAGE);
    return scope.companyId;
  }
  if (!(await anyCompanyExists(db))) throw unprocessable(NO_COMPANIES_MESSAGE);
  if (!requested) throw badRequest(COMPANY_REQUIRED_MESSAGE);
  if (!(await companyExists(db, requested))) throw unprocessable(UNKNOWN_COMPANY_MESSAGE);
  return requested;
}

/** For reads: a supervisor's company; an administrator's optional company filter. */
export function companyFilter(scope: CompanyScope, requested: string | undefined): string | undefined {
  return scope.kind === 'company' ? scope.companyId : requested;
}
