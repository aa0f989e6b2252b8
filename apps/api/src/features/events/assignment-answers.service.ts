import type { AssignmentAnswer } from '@jornada/shared/schemas/events';
import { requireRole, type Actor } from '../../lib/authorization';
import { conflict, notFound } from '../../lib/errors';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { eventDeclined } from '../notifications/notification-messages';
import { notify } from '../notifications/notify';
import { companySupervisorIds } from '../notifications/recipients';
import type { EventsDeps } from './event-access';
import { decideAssignment, findOwnAssignment, type OwnAssignment } from './event-assignments.repository';

export const ASSIGNMENT_NOT_FOUND_MESSAGE = 'No tienes asignado ese turno.';
export const ALREADY_ACCEPTED_MESSAGE = 'Ya has aceptado este turno.';
export const ALREADY_DECLINED_MESSAGE = 'Ya has rechazado este turno.';
/** Decision 046: a pending assignment is not yet the person's shift. */
export const PENDING_CLOCK_IN_MESSAGE = 'Acepta el turno antes de fichar.';

function alreadyDecided(assignment: OwnAssignment): never {
  throw conflict(assignment.state === 'declined' ? ALREADY_DECLINED_MESSAGE : ALREADY_ACCEPTED_MESSAGE);
}

/** The caller's own assignment; a colleague's, another company's or a missing one answers 404 alike. */
async function requirePendingOwn(deps: EventsDeps, actor: Actor, eventId: string): Promise<OwnAssignment> {
  requireRole(actor, ['Empleado', 'Supervisor']);
  if (actor.companyId === null) throw notFound(ASSIGNMENT_NOT_FOUND_MESSAGE);
  const assignment = await findOwnAssignment(deps.db, actor.companyId, actor.userId, eventId);
  if (!assignment) throw notFound(ASSIGNMENT_NOT_FOUND_MESSAGE);
  if (assignment.state !== 'pending') alreadyDecided(assignment);
  return assignment;
}

/** 'Aceptar': the pending assignment becomes the person's shift. */
export async function acceptAssignment(deps: EventsDeps, actor: Actor, eventId: string): Promise<AssignmentAnswer> {
  const assignment = await requirePendingOwn(deps, actor, eventId);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    // Guarded on 'pending': of two answers at once, the second finds it decided.
    const origin = { companyId: assignment.company_id, source: 'answer' as const, actorId: actor.userId, actorName: actor.name, at: now };
    if (!(await decideAssignment(trx, { eventId, userId: actor.userId, state: 'accepted', reason: null, at: now.toISOString() }, origin))) alreadyDecided({ ...assignment, state: 'accepted' });
    await appendActorAction(trx, actor, now, { companyId: assignment.company_id, kind: 'event.accept', message: `${actor.name} ha aceptado el turno del evento «${assignment.name}»` });
  });
  return { eventId, state: 'accepted', reason: null, decidedAt: now.toISOString() };
}

/** 'Rechazar': the place is free again; the row stays with the reason, and the supervisors hear of it. */
export async function declineAssignment(deps: EventsDeps, actor: Actor, eventId: string, reason: string): Promise<AssignmentAnswer> {
  const assignment = await requirePendingOwn(deps, actor, eventId);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    const origin = { companyId: assignment.company_id, source: 'answer' as const, actorId: actor.userId, actorName: actor.name, at: now };
    if (!(await decideAssignment(trx, { eventId, userId: actor.userId, state: 'declined', reason, at: now.toISOString() }, origin))) alreadyDecided({ ...assignment, state: 'declined' });
    await appendActorAction(trx, actor, now, {
      companyId: assignment.company_id,
      kind: 'event.decline',
      message: `${actor.name} ha rechazado el turno del evento «${assignment.name}»: ${reason}`,
    });
    const facts = { name: assignment.name, location: assignment.location, start: assignment.start_time, timeZone: deps.timeZone };
    await notify(trx, { companyId: assignment.company_id, recipients: await companySupervisorIds(trx, assignment.company_id), message: eventDeclined(actor.name, facts, reason), at: now, actorId: actor.userId });
  });
  return { eventId, state: 'declined', reason, decidedAt: now.toISOString() };
}
