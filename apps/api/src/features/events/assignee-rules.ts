import { dayKeyOf, MISSING_USER_NAME } from '@jornada/shared/events';
import { conflict, unprocessable } from '../../lib/errors';
import type { EventsDeps } from './event-access';
import { findAssignmentCandidates } from './event-assignments.repository';

export const FOREIGN_ASSIGNEE_MESSAGE = 'Solo se puede asignar personal de la empresa del evento.';
export const ASSIGNEE_ROLE_MESSAGE = 'Solo se pueden asignar empleados y supervisores.';
export const disabledAssigneeMessage = (name: string) => `No se puede asignar a ${name}: su acceso está deshabilitado.`;
export const vacationConflictMessage = (name: string) => `No se puede asignar a ${name}. El empleado está de vacaciones en esa fecha.`;

export interface AssigneeCheck {
  companyId: string;
  userIds: readonly string[];
  /** Starts of the events the people are assigned to (one, or one per day of a constant event). */
  starts: readonly Date[];
  /** Already assigned: not checked again, so a later-disabled person does not block editing the name. */
  alreadyAssigned?: ReadonlySet<string>;
  /** When the start day moved, everyone's vacations are checked again, not only the newcomers'. */
  recheckVacationsForAll?: boolean;
}

/**
 * Spec sections 5 and 6 for event assignment: Empleado and Supervisor users of the event's company
 * (another company's or an unknown id is a 422), not disabled or deleted, and without a confirmed
 * vacation on an event's start date.
 */
export async function checkAssignees(deps: EventsDeps, check: AssigneeCheck): Promise<void> {
  const ids = [...new Set(check.userIds)];
  const kept = check.alreadyAssigned ?? new Set<string>();
  const candidates = new Map(
    (await findAssignmentCandidates(deps.db, { kind: 'company', companyId: check.companyId }, ids)).map((user) => [user.id, user]),
  );
  for (const id of ids) {
    if (kept.has(id)) continue;
    const user = candidates.get(id);
    if (!user) throw unprocessable(FOREIGN_ASSIGNEE_MESSAGE);
    if (user.role !== 'Empleado' && user.role !== 'Supervisor') throw unprocessable(ASSIGNEE_ROLE_MESSAGE);
    if (user.isDisabled || user.isDeleted) throw unprocessable(disabledAssigneeMessage(user.name));
  }

  const toCheck = check.recheckVacationsForAll ? ids : ids.filter((id) => !kept.has(id));
  if (toCheck.length > 0) {
    const days = [...new Set(check.starts.map((start) => dayKeyOf(start, deps.timeZone)))];
    const conflicts = await deps.findVacationConflicts(deps.db, check.companyId, toCheck, days);
    const first = conflicts[0];
    if (first) throw conflict(vacationConflictMessage(candidates.get(first.userId)?.name ?? MISSING_USER_NAME));
  }
}
