import type { Kysely } from 'kysely';
import { durationMinutes, formatDateTime } from '@jornada/shared/format';
import {
  MAX_CORRECTED_DURATION_MINUTES,
  type ApproveCorrectionRequest,
  type Correction,
  type CorrectionListResponse,
  type CorrectionSummary,
  type ProposeCorrectionRequest,
  type RecordHistoryResponse,
  type RejectCorrectionRequest,
  type SinCierreResponse,
} from '@jornada/shared/schemas/corrections';
import { isSinCierre } from '@jornada/shared/sin-cierre';
import type { DB } from '../../db/schema';
import { inScope, requireRole, scopeOf, type Actor } from '../../lib/authorization';
import type { Clock } from '../../lib/clock';
import { decodeCursor, pageOf } from '../../lib/cursor';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { insertFiles } from '../../ledgers/files/files.repository';
import { signatureFile } from '../../ledgers/files/stored-files';
import { sealAmendment, sealTimeRecord } from '../../ledgers/registro-chain/registro-chain';
import { findRecord, listTimeLogByIds } from '../time-records/time-records.service';
import { notifyDecision, notifyProposal } from './correction-notifications';
import * as repository from './corrections.repository';
import type { AmendmentRow, CorrectionView } from './corrections.repository';
import * as missing from './missing-records.repository';

/** Refusals shared with the missing-record proposal (missing-records.service). */
export const OVERLAPPING_RECORD_MESSAGE = 'Ya hay un fichaje en ese horario: corrige ese fichaje en lugar de dar de alta otro.';

export interface CorrectionDeps {
  db: Kysely<DB>;
  clock: Clock;
  timeZone: string;
}

const RECORD_NOT_FOUND = 'No se ha encontrado el fichaje.';
const CORRECTION_NOT_FOUND = 'No se ha encontrado la corrección.';
const ALREADY_PENDING = 'Este fichaje ya tiene una corrección pendiente. Espera a que se decida o retírala.';
const ALREADY_DECIDED = 'Esta corrección ya se ha decidido.';
const PARTICIPANTS = ['Empleado', 'Supervisor', 'Administrador'] as const;

/**
 * Who may see a record or an amendment of `workerId` in `companyId`: the worker; a supervisor of the
 * company; an administrator in scope. Anyone else gets 404 (never a hint that it exists).
 */
function canSee(actor: Actor, companyId: string, workerId: string): boolean {
  if (actor.userId === workerId) return true;
  if (actor.role === 'Empleado') return false;
  return inScope(scopeOf(actor), companyId);
}

/** The company's side: a supervisor of the company or an administrator in scope, never the worker. */
function isCompanySide(actor: Actor, companyId: string, workerId: string): boolean {
  return actor.userId !== workerId && actor.role !== 'Empleado' && inScope(scopeOf(actor), companyId);
}

/** The other side of the proposer decides: the worker for the company's proposals, the company for the worker's. */
function canDecide(actor: Actor, row: Pick<AmendmentRow, 'status' | 'proposer_side' | 'company_id' | 'user_id'> | CorrectionView): boolean {
  const side = 'proposer_side' in row ? row.proposer_side : row.proposerSide;
  const companyId = 'company_id' in row ? row.company_id : row.companyId;
  const workerId = 'user_id' in row ? row.user_id : row.userId;
  if (row.status !== 'pendiente') return false;
  return side === 'empresa' ? actor.userId === workerId : isCompanySide(actor, companyId, workerId);
}

export function withActions(actor: Actor, view: CorrectionView): Correction {
  return { ...view, canDecide: canDecide(actor, view), canWithdraw: view.status === 'pendiente' && view.proposedBy === actor.userId };
}

const iso = (value: string) => new Date(value).toISOString();

/** Proposes a correction of a completed record, or of an active one 'Sin cierre'. */
export async function proposeCorrection(deps: CorrectionDeps, actor: Actor, recordId: string, input: ProposeCorrectionRequest): Promise<Correction> {
  requireRole(actor, PARTICIPANTS);
  const { db } = deps;
  const now = deps.clock();
  const record = await repository.findLiveRecord(db, recordId);
  if (!record || !canSee(actor, record.company_id, record.user_id)) throw notFound(RECORD_NOT_FOUND);

  const sinCierre = isSinCierre({ status: record.status, startTime: record.start_time }, record.event_end, now);
  if (record.status === 'activo' && !sinCierre) throw conflict('El turno sigue en curso: se cierra fichando la salida. Solo se corrige un fichaje completado o sin cierre.');
  const afterStart = input.startTime ? iso(input.startTime) : record.start_time;
  const afterEnd = input.endTime ? iso(input.endTime) : record.end_time;
  if (!afterEnd) throw badRequest('Indica la hora real de salida para cerrar el fichaje.');
  checkInterval(afterStart, afterEnd, now);
  if (afterStart === record.start_time && afterEnd === record.end_time) throw unprocessable('La corrección no cambia el fichaje.');
  if (await repository.hasPendingAmendment(db, record.id)) throw conflict(ALREADY_PENDING);

  const side = actor.userId === record.user_id ? 'empleado' : 'empresa';
  const id = newId('amd');
  const interval = describeInterval(deps, afterStart, afterEnd);
  try {
    await db.transaction().execute(async (trx) => {
      await repository.insertAmendment(trx, {
        id,
        company_id: record.company_id,
        record_id: record.id,
        user_id: record.user_id,
        event_id: record.event_id,
        proposed_by: actor.userId,
        proposer_side: side,
        status: 'pendiente',
        reason: input.reason,
        before_start: record.start_time,
        before_end: record.end_time,
        after_start: afterStart,
        after_end: afterEnd,
        decided_by: null,
        decided_at: null,
        decision_note: null,
        signature_file_id: null,
        created_at: now.toISOString(),
      });
      await sealAmendment(trx, id, 'propuesta', now);
      await appendActorAction(trx, actor, now, {
        companyId: record.company_id,
        kind: 'time-record.correction.propose',
        message: `${actor.name} ha propuesto corregir un fichaje (${interval}): ${input.reason}`,
      });
      await notifyProposal(trx, actor, { company_id: record.company_id, user_id: record.user_id, record_id: record.id, proposed_by: actor.userId, proposer_side: side }, interval, now);
    });
  } catch (error) {
    // Another request proposed first: the unique partial index is the last word.
    if (isUniqueViolation(error)) throw conflict(ALREADY_PENDING);
    throw error;
  }
  return withActions(actor, (await repository.findCorrection(db, id)) as CorrectionView);
}

export function checkInterval(start: string, end: string, now: Date): void {
  if (Date.parse(end) <= Date.parse(start)) throw unprocessable('La hora de salida debe ser posterior a la de entrada.');
  if (Date.parse(end) > now.getTime()) throw unprocessable('La hora de salida no puede estar en el futuro.');
  if (durationMinutes(start, end) > MAX_CORRECTED_DURATION_MINUTES) throw unprocessable('Un fichaje no puede durar más de 24 horas.');
}

export function describeInterval(deps: CorrectionDeps, start: string, end: string): string {
  return `${formatDateTime(start, deps.timeZone)} – ${formatDateTime(end, deps.timeZone)}`;
}

async function loadForDecision(deps: CorrectionDeps, actor: Actor, id: string): Promise<AmendmentRow> {
  requireRole(actor, PARTICIPANTS);
  const row = await repository.findLiveAmendment(deps.db, id);
  if (!row || !canSee(actor, row.company_id, row.user_id)) throw notFound(CORRECTION_NOT_FOUND);
  if (row.status !== 'pendiente') throw conflict(ALREADY_DECIDED);
  return row;
}

/** One side alone never applies a correction: the caller must be the other side of the proposer. */
function requireOtherSide(actor: Actor, row: AmendmentRow): void {
  if (canDecide(actor, row)) return;
  throw forbidden(
    row.proposer_side === 'empresa'
      ? 'Esta corrección la tiene que aprobar o rechazar el empleado, con su firma.'
      : 'Esta corrección la tiene que aprobar o rechazar un supervisor de la empresa.',
  );
}

/** Approves and applies: the record takes the new times (completed, marked corrected), all in one transaction. */
export async function approveCorrection(deps: CorrectionDeps, actor: Actor, id: string, input: ApproveCorrectionRequest): Promise<Correction> {
  const row = await loadForDecision(deps, actor, id);
  requireOtherSide(actor, row);
  const now = deps.clock();
  const byWorker = row.proposer_side === 'empresa';
  if (byWorker && !input.signature) throw badRequest('Firma para aprobar la corrección.');
  const file = byWorker && input.signature ? signatureFile(input.signature, { companyId: row.company_id, ownerId: actor.userId }, now, 'registro-signature') : null;
  const duration = durationMinutes(row.after_start, row.after_end);

  await deps.db.transaction().execute(async (trx) => {
    // A registro signature: neither the company's deletion nor a new 'Mi Firma' removes it (decision 036).
    if (file) await insertFiles(trx, [file]);
    const decided = await repository.decideAmendment(trx, row.id, {
      status: 'aprobada',
      decided_by: actor.userId,
      decided_at: now.toISOString(),
      decision_note: input.note || null,
      signature_file_id: file?.id ?? null,
    });
    if (!decided) throw conflict(ALREADY_DECIDED);
    if (row.record_id === null) {
      // 'Alta de fichaje': the record is written now, checked again against what was clocked meanwhile.
      if (await missing.hasOverlappingRecord(trx, row.user_id, { start: row.after_start, end: row.after_end })) throw conflict(OVERLAPPING_RECORD_MESSAGE);
      const recordId = newId('tr');
      await missing.insertAddedRecord(trx, row, { id: recordId, duration, createdAt: now.toISOString() });
      await sealTimeRecord(trx, recordId, 'alta', now);
    } else {
      if (!(await repository.applyAmendment(trx, row, duration))) {
        throw conflict('El fichaje ha cambiado desde que se propuso la corrección. Recházala y propón una nueva.');
      }
      await sealTimeRecord(trx, row.record_id, 'correccion', now);
    }
    await sealAmendment(trx, row.id, 'aprobada', now);
    await appendActorAction(trx, actor, now, {
      companyId: row.company_id,
      kind: 'time-record.correction.approve',
      message: `${actor.name} ha aprobado ${row.record_id === null ? 'el alta de un fichaje olvidado' : 'la corrección de un fichaje'} (${describeInterval(deps, row.after_start, row.after_end)})${file ? ' con su firma' : ''}`,
    });
    await notifyDecision(trx, actor, row, 'aprobada', describeInterval(deps, row.after_start, row.after_end), now);
  });
  return withActions(actor, (await repository.findCorrection(deps.db, row.id)) as CorrectionView);
}

/** Rejects: the record does not change. */
export async function rejectCorrection(deps: CorrectionDeps, actor: Actor, id: string, input: RejectCorrectionRequest): Promise<Correction> {
  const row = await loadForDecision(deps, actor, id);
  requireOtherSide(actor, row);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    const decided = await repository.decideAmendment(trx, row.id, {
      status: 'rechazada',
      decided_by: actor.userId,
      decided_at: now.toISOString(),
      decision_note: input.note || null,
      signature_file_id: null,
    });
    if (!decided) throw conflict(ALREADY_DECIDED);
    await sealAmendment(trx, row.id, 'rechazada', now);
    await appendActorAction(trx, actor, now, {
      companyId: row.company_id,
      kind: 'time-record.correction.reject',
      message: `${actor.name} ha rechazado la corrección de un fichaje${input.note ? `: ${input.note}` : ''}`,
    });
    await notifyDecision(trx, actor, row, 'rechazada', describeInterval(deps, row.after_start, row.after_end), now);
  });
  return withActions(actor, (await repository.findCorrection(deps.db, row.id)) as CorrectionView);
}

/** The proposer takes a pending proposal back. */
export async function withdrawCorrection(deps: CorrectionDeps, actor: Actor, id: string): Promise<Correction> {
  const row = await loadForDecision(deps, actor, id);
  if (row.proposed_by !== actor.userId) throw forbidden('Solo quien propuso la corrección puede retirarla.');
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    const decided = await repository.decideAmendment(trx, row.id, {
      status: 'retirada',
      decided_by: actor.userId,
      decided_at: now.toISOString(),
      decision_note: null,
      signature_file_id: null,
    });
    if (!decided) throw conflict(ALREADY_DECIDED);
    await sealAmendment(trx, row.id, 'retirada', now);
    await appendActorAction(trx, actor, now, { companyId: row.company_id, kind: 'time-record.correction.withdraw', message: `${actor.name} ha retirado su propuesta de corrección de un fichaje` });
  });
  return withActions(actor, (await repository.findCorrection(deps.db, row.id)) as CorrectionView);
}

/** 'Historial de cambios': who, when, before, after, why and the decision, oldest first. */
export async function getRecordHistory(deps: CorrectionDeps, actor: Actor, recordId: string): Promise<RecordHistoryResponse> {
  requireRole(actor, PARTICIPANTS);
  const now = deps.clock();
  const record = await findRecord(deps.db, recordId, now);
  const live = record && (await repository.findLiveRecord(deps.db, recordId));
  if (!record || !live || !canSee(actor, record.companyId, record.userId)) throw notFound(RECORD_NOT_FOUND);
  const items = await repository.listRecordCorrections(deps.db, recordId);
  return { record, items: items.map((item) => withActions(actor, item)) };
}

/** 'Correcciones': an Empleado's own; a Supervisor's company; an admin's scope (or one company). */
export async function listCorrections(
  deps: CorrectionDeps,
  actor: Actor,
  query: { status: 'pendiente' | 'decididas'; cursor?: string; limit: number; companyId?: string },
): Promise<CorrectionListResponse> {
  requireRole(actor, PARTICIPANTS);
  const cursor = query.cursor ? decodeCursor(query.cursor, 2) : undefined;
  const rows = await repository.listCorrections(deps.db, {
    scope: scopeOf(actor),
    userId: actor.role === 'Empleado' ? actor.userId : undefined,
    companyId: query.companyId,
    status: query.status,
    cursor: cursor && { createdAt: cursor[0]!, id: cursor[1]! },
    limit: query.limit + 1,
  });
  const { items, nextCursor } = pageOf(rows, query.limit, (row) => [row.createdAt, row.id]);
  return { items: items.map((item) => withActions(actor, item)), nextCursor };
}

/** The overview's pending actions: what waits for the caller's decision, and the records 'Sin cierre'. */
export async function getCorrectionSummary(deps: CorrectionDeps, actor: Actor): Promise<CorrectionSummary> {
  requireRole(actor, PARTICIPANTS);
  const now = deps.clock();
  const forWorker = repository.countPending(deps.db, { workerId: actor.userId, side: 'empresa' });
  if (actor.role === 'Empleado') {
    const [awaitingMe, sinCierre] = await Promise.all([forWorker, repository.countSinCierre(deps.db, now, { userId: actor.userId })]);
    return { awaitingMe, sinCierre };
  }
  const scope = scopeOf(actor);
  const companyId = scope.kind === 'company' ? scope.companyId : undefined;
  const [mine, company, sinCierre] = await Promise.all([
    forWorker,
    repository.countPending(deps.db, { companyId, notWorkerId: actor.userId, side: 'empleado' }),
    repository.countSinCierre(deps.db, now, { companyId }),
  ]);
  return { awaitingMe: mine + company, sinCierre };
}

/** Records 'Sin cierre' in the caller's scope (an Empleado: their own), oldest first, at most 100. */
export async function listSinCierre(deps: CorrectionDeps, actor: Actor): Promise<SinCierreResponse> {
  requireRole(actor, PARTICIPANTS);
  const now = deps.clock();
  const scope = scopeOf(actor);
  const filter = actor.role === 'Empleado' ? { userId: actor.userId } : { companyId: scope.kind === 'company' ? scope.companyId : undefined };
  const ids = await repository.listSinCierreIds(deps.db, now, filter, 100);
  return { records: await listTimeLogByIds(deps.db, ids, now) };
}
