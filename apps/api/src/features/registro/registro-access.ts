import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { scopeOf, type Actor } from '../../lib/authorization';
import { findWorkerCompanyLink } from './registro.repository';

export const WORKER_NOT_FOUND_MESSAGE = 'No se ha encontrado el trabajador.';

/** Supervisors and administrators manage the company's registro; the route says so too. */
export function requireRegistroManager(actor: Actor): void {
  if (actor.role !== 'Supervisor' && actor.role !== 'Administrador') throw forbidden();
}

/**
 * The company whose registro of `userId` a manager may open: the worker belongs to it now or has
 * clocked for it (a worker who moved on). Anything else is a 404.
 */
export async function resolveWorkerCompany(db: Kysely<DB>, actor: Actor, userId: string, requested: string | undefined): Promise<string> {
  requireRegistroManager(actor);
  const scope = scopeOf(actor);
  const companyId = scope.kind === 'company' ? scope.companyId : requested ?? null;
  if (scope.kind === 'company' && requested && requested !== scope.companyId) throw notFound(WORKER_NOT_FOUND_MESSAGE);
  const link = await findWorkerCompanyLink(db, userId, companyId);
  const resolved = companyId ?? link.currentCompanyId;
  if (!resolved || (link.currentCompanyId !== resolved && !link.hasRecords)) throw notFound(WORKER_NOT_FOUND_MESSAGE);
  return resolved;
}
