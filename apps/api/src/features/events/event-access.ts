import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { scopeOf, type Actor, type CompanyScope } from '../../lib/authorization';
import type { Clock } from '../../lib/clock';
import { forbidden, notFound } from '../../lib/errors';
import { findEvent, type EventRow } from './events.repository';
import { findConfirmedVacationConflicts, type VacationConflictFinder } from './vacation-conflicts';

export interface EventsDeps {
  db: Kysely<DB>;
  clock: Clock;
  /** Decision 4: days (constant events, calendar months, vacation dates) are the company's. */
  timeZone: string;
  findVacationConflicts: VacationConflictFinder;
}

export function eventsDeps(app: FastifyInstance): EventsDeps {
  return { db: app.db, clock: app.clock, timeZone: app.config.timeZone, findVacationConflicts: findConfirmedVacationConflicts };
}

export const EVENT_NOT_FOUND_MESSAGE = 'No se pudo encontrar el evento.';

/** Supervisors and administrators manage events; the route says so too, the service does not rely on it. */
export function requireEventManager(actor: Actor): CompanyScope {
  if (actor.role !== 'Supervisor' && actor.role !== 'Administrador') throw forbidden();
  return scopeOf(actor);
}

export interface EventVisibility {
  scope: CompanyScope;
  /** Spec section 6: an Empleado sees only the events they are assigned to. */
  assignedTo?: string;
}

/** Spec section 6: an admin with no company sees all, anyone with a company sees its events, an employee only theirs. */
export function eventVisibilityOf(actor: Actor): EventVisibility {
  const scope = scopeOf(actor);
  return actor.role === 'Empleado' ? { scope, assignedTo: actor.userId } : { scope };
}

/** An event the actor may not see answers 404 like a missing one (no probing). */
export async function requireVisibleEvent(db: Kysely<DB>, visibility: EventVisibility, id: string): Promise<EventRow> {
  const event = await findEvent(db, visibility.scope, id, { assignedTo: visibility.assignedTo });
  if (!event) throw notFound(EVENT_NOT_FOUND_MESSAGE);
  return event;
}
