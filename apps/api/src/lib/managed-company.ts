/**
 * Which company a Supervisor or the Administrador acts on when a request may name one
 * (`companyId` in the query or the body). One place for the rule the managers' screens share
 * ('Normas de Jornada', 'Registro de Jornada de la Empresa', 'Reglas de pago', 'Calendario
 * Laboral', the payroll sheet), so a change of it reaches them all.
 */
import type { Kysely } from 'kysely';
import { findCompanyName } from '../db/tenant-lookups';
import type { DB } from '../db/schema';
import { requireRole, scopeOf, type Actor } from './authorization';
import { badRequest, notFound, unprocessable } from './errors';

export const COMPANY_REQUIRED_MESSAGE = 'Selecciona una empresa.';
export const COMPANY_NOT_FOUND_MESSAGE = 'No se ha encontrado la empresa.';

export interface ManagedCompany {
  id: string;
  name: string;
}

/**
 * The company id in the caller's scope, without reading it: a supervisor's own (any id sent is
 * ignored, as 'Pagos' always did), or the one an administrator picked (required). An unknown id
 * reads as a company with nothing in it.
 */
export function scopedCompanyId(actor: Actor, requested: string | undefined): string {
  const scope = scopeOf(actor);
  if (scope.kind === 'company') return scope.companyId;
  if (!requested) throw badRequest(COMPANY_REQUIRED_MESSAGE);
  return requested;
}

/**
 * The company a manager reads: a supervisor's own (another id is a 404, no probing), or the one an
 * administrator picked (required; unknown is a 404).
 */
export async function resolveManagedCompany(db: Kysely<DB>, actor: Actor, requested: string | undefined): Promise<ManagedCompany> {
  requireRole(actor, ['Supervisor', 'Administrador']);
  const scope = scopeOf(actor);
  if (scope.kind === 'company' && requested && requested !== scope.companyId) throw notFound(COMPANY_NOT_FOUND_MESSAGE);
  const id = scope.kind === 'company' ? scope.companyId : requested;
  if (!id) throw badRequest(COMPANY_REQUIRED_MESSAGE);
  const name = await findCompanyName(db, id);
  if (name === undefined) throw notFound(COMPANY_NOT_FOUND_MESSAGE);
  return { id, name };
}

/**
 * The company a manager changes, named in a body: a supervisor naming another company is refused
 * with `otherCompanyMessage` (422, like every other reference in a body: conventions, rule 5).
 */
export async function resolveManagedCompanyToChange(db: Kysely<DB>, actor: Actor, requested: string | undefined, otherCompanyMessage: string): Promise<ManagedCompany> {
  requireRole(actor, ['Supervisor', 'Administrador']);
  if (actor.role === 'Supervisor' && requested && requested !== actor.companyId) throw unprocessable(otherCompanyMessage);
  return resolveManagedCompany(db, actor, requested);
}
