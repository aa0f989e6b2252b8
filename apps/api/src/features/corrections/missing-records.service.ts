import { MISSING_RECORD_WINDOW_DAYS, type Correction, type MissingRecordEventsResponse, type ProposeMissingRecordRequest } from '@jornada/shared/schemas/corrections';
import { inScope, requireRole, scopeOf, type Actor } from '../../lib/authorization';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { sealAmendment } from '../../ledgers/registro-chain/registro-chain';
import { notifyProposal } from './correction-notifications';
import * as repository from './corrections.repository';
import { checkInterval, describeInterval, OVERLAPPING_RECORD_MESSAGE, withActions, type CorrectionDeps } from './corrections.service';
import type { CorrectionView } from './corrections.repository';
import * as missing from './missing-records.repository';

const WORKER_NOT_FOUND = 'No se ha encontrado el trabajador.';
const DAY_MS = 24 * 60 * 60 * 1000;
const PARTICIPANTS = ['Empleado', 'Supervisor', 'Administrador'] as const;

export const DUPLICATE_ADDITION_MESSAGE = 'Ya hay una propuesta de alta pendiente en ese horario. Espera a que se decida o retírala.';

type Deps = Pick<CorrectionDeps, 'db' | 'clock'>;

/**
 * Whose missing record this is: the caller's own (no `userId`), or, for a supervisor of the company
 * or an administrator in scope, a worker's. A worker never proposes for someone else; anything out
 * of scope is 404, as if it did not exist.
 */
async function resolveWorker(deps: Deps, actor: Actor, userId: string | undefined): Promise<{ id: string; companyId: string }> {
  requireRole(actor, PARTICIPANTS);
  if (userId === undefined || userId === actor.userId) {
    if (!actor.companyId) throw forbidden('Solo quien ficha en una empresa puede dar de alta un fichaje propio.');
    return { id: actor.userId, companyId: actor.companyId };
  }
  if (actor.role === 'Empleado') throw notFound(WORKER_NOT_FOUND);
  const worker = await missing.findWorker(deps.db, userId);
  if (!worker || !worker.companyId || !inScope(scopeOf(actor), worker.companyId)) throw notFound(WORKER_NOT_FOUND);
  return { id: worker.id, companyId: worker.companyId };
}

/** The oldest start a missing record may have: a rolling window, so a forgotten day is fixed while it is remembered. */
function windowStart(now: Date): Date {
  return new Date(now.getTime() - MISSING_RECORD_WINDOW_DAYS * DAY_MS);
}

/** The assigned events that already started within the window: the form's choices. */
export async function listMissingRecordEvents(deps: Deps, actor: Actor, query: { userId?: string }): Promise<MissingRecordEventsResponse> {
  const worker = await resolveWorker(deps, actor, query.userId);
  const now = deps.clock();
  return { items: await missing.listAssignedPastEvents(deps.db, worker.companyId, worker.id, { from: windowStart(now).toISOString(), now: now.toISOString() }) };
}

/**
 * 'Alta de fichaje' (issue 25, item 9): proposes a record the worker forgot to make at all. It is an
 * amendment without a record (no before values) and follows the corrections' dual approval; the
 * record is written only when the other side approves (corrections.service approveCorrection).
 */
export async function proposeMissingRecord(deps: CorrectionDeps, actor: Actor, input: ProposeMissingRecordRequest): Promise<Correction> {
  const worker = await resolveWorker(deps, actor, input.userId);
  const now = deps.clock();
  const start = new Date(input.startTime).toISOString();
  const end = new Date(input.endTime).toISOString();
  checkInterval(start, end, now);
  if (Date.parse(start) < windowStart(now).getTime()) {
    throw unprocessable(`Solo se puede dar de alta un fichaje de los últimos ${MISSING_RECORD_WINDOW_DAYS} días.`);
  }
  const event = await missing.findAssignedEvent(deps.db, worker.companyId, input.eventId, worker.id);
  if (!event) throw unprocessable('No se ha encontrado el evento en la empresa del trabajador.');
  if (!event.assigned) throw unprocessable('El trabajador no estaba asignado a ese evento.');
  if (Date.parse(event.startTime) > now.getTime()) throw unprocessable('Ese evento todavía no ha empezado.');
  if (await missing.hasOverlappingRecord(deps.db, worker.id, { start, end })) throw conflict(OVERLAPPING_RECORD_MESSAGE);
  if (await missing.hasOverlappingPendingAddition(deps.db, worker.id, { start, end })) throw conflict(DUPLICATE_ADDITION_MESSAGE);

  const id = newId('amd');
  const proposerSide = actor.userId === worker.id ? 'empleado' : 'empresa';
  await deps.db.transaction().execute(async (trx) => {
    await repository.insertAmendment(trx, {
      id,
      company_id: worker.companyId,
      record_id: null,
      user_id: worker.id,
      event_id: event.id,
      proposed_by: actor.userId,
      proposer_side: proposerSide,
      status: 'pendiente',
      reason: input.reason,
      before_start: null,
      before_end: null,
      after_start: start,
      after_end: end,
      decided_by: null,
      decided_at: null,
      decision_note: null,
      signature_file_id: null,
      created_at: now.toISOString(),
    });
    await sealAmendment(trx, id, 'propuesta', now);
    await appendActorAction(trx, actor, now, {
      companyId: worker.companyId,
      kind: 'time-record.correction.propose',
      message: `${actor.name} ha propuesto dar de alta un fichaje olvidado (${event.name}, ${describeInterval(deps, start, end)}): ${input.reason}`,
    });
    await notifyProposal(trx, actor, { company_id: worker.companyId, user_id: worker.id, record_id: null, proposed_by: actor.userId, proposer_side: proposerSide }, describeInterval(deps, start, end), now);
  });
  return withActions(actor, (await repository.findCorrection(deps.db, id)) as CorrectionView);
}
