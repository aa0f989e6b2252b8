import type { Kysely } from 'kysely';
import {
  OFFLINE_PUNCH_MAX_DELAY_HOURS,
  type OfflinePunchRequest,
  type OfflinePunchResponse,
  type PunchEvidence,
  type TimeRecord,
  type TimeRecordFlag,
} from '@jornada/shared/schemas/time-records';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-batch';
import type { Actor } from '../../lib/authorization';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, badRequest, conflict, notFound, unprocessable } from '../../lib/errors';
import { newId } from '../../lib/ids';
import * as offline from './offline-punches.repository';
import * as repository from './time-records.repository';
import { clockIn, clockOut, OFFLINE_ALREADY_ACTIVE_MESSAGE, RECORD_NOT_FOUND, type TimeRecordDeps } from './time-records.service';

/**
 * Punches queued on a phone without connection and sent later (issue 24, decision 040). They go
 * through the same clock-in and clock-out as the online ones, at the time they were made, flagged
 * 'Fichado sin conexión' with the phone's time, the server-anchored estimate and the receipt time.
 */

/** How far ahead of the server's clock a punch may claim to be: phones and servers drift a little. */
export const OFFLINE_FUTURE_TOLERANCE_MS = 2 * 60_000;
export const OFFLINE_FUTURE_MESSAGE = 'La hora del fichaje es posterior a la del servidor.';
export const OFFLINE_TOO_OLD_MESSAGE = `Este fichaje se hizo hace más de ${OFFLINE_PUNCH_MAX_DELAY_HOURS} horas sin conexión: solicita una corrección con tu hora real.`;
export const OFFLINE_COVERED_MESSAGE = 'Ya tienes un fichaje completado que cubre esa hora.';
export const OFFLINE_ALREADY_CLOSED_MESSAGE = 'Este fichaje ya está cerrado (por otra persona o por el cierre automático): si la salida no es correcta, solicita una corrección.';
export const OFFLINE_NO_RUNNING_MESSAGE = 'No tenías ningún turno en curso que cerrar.';
export const OFFLINE_START_NOT_FOUND_MESSAGE = 'No se ha encontrado la entrada de esta salida: puede que se rechazara.';
export const OFFLINE_BAD_TIME_MESSAGE = 'La hora del fichaje no es válida.';
export const OFFLINE_EVENT_REQUIRED_MESSAGE = 'Falta el evento del fichaje de entrada.';

/** When the punch happened: the server-anchored estimate when the phone had one, else its own clock. */
export function offlinePunchTime(input: Pick<OfflinePunchRequest, 'phoneTime' | 'serverAnchor'>): { at: Date; estimated: Date | null } {
  const estimated = input.serverAnchor ? new Date(Date.parse(input.serverAnchor.serverTime) + input.serverAnchor.elapsedMs) : null;
  return { at: estimated ?? new Date(input.phoneTime), estimated };
}

export async function acceptOfflinePunch(deps: TimeRecordDeps, actor: Actor, input: OfflinePunchRequest): Promise<OfflinePunchResponse> {
  const receivedAt = deps.clock();
  try {
    return await writeTransaction(deps.db, (trx) => accept(trx, actor, input, receivedAt));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A resend that raced its first copy (the primary key of offline_punches), read once the failed
    // transaction is gone: the first copy's record is the answer.
    const stored = await duplicateOf(deps.db, actor, input.clientId, receivedAt);
    if (stored) return stored;
    // Otherwise another device opened a timer meanwhile (the one-active index), as startTimer says.
    throw new AppError(409, 'TIMER_ALREADY_ACTIVE', OFFLINE_ALREADY_ACTIVE_MESSAGE);
  }
}

async function duplicateOf(db: Kysely<DB>, actor: Actor, clientId: string, now: Date): Promise<OfflinePunchResponse | undefined> {
  const punch = await offline.findOfflinePunch(db, actor.userId, clientId);
  if (!punch) return undefined;
  const record = await repository.findRecord(db, punch.record_id, now);
  if (!record) throw notFound(RECORD_NOT_FOUND);
  return { record, duplicate: true };
}

async function accept(trx: Kysely<DB>, actor: Actor, input: OfflinePunchRequest, receivedAt: Date): Promise<OfflinePunchResponse> {
  // A resend answers what the first copy made, whatever the time now: the phone may retry for days.
  const duplicate = await duplicateOf(trx, actor, input.clientId, receivedAt);
  if (duplicate) return duplicate;

  const { at, estimated } = offlinePunchTime(input);
  // The format passed the schema; a date that does not exist (a 31st of February) does not parse.
  if (Number.isNaN(at.getTime())) throw badRequest(OFFLINE_BAD_TIME_MESSAGE);
  if (at.getTime() > receivedAt.getTime() + OFFLINE_FUTURE_TOLERANCE_MS) throw unprocessable(OFFLINE_FUTURE_MESSAGE);
  if (at.getTime() < receivedAt.getTime() - OFFLINE_PUNCH_MAX_DELAY_HOURS * 3_600_000) throw unprocessable(OFFLINE_TOO_OLD_MESSAGE);

  const evidence: PunchEvidence = {
    offline: { clientId: input.clientId, phoneTime: input.phoneTime, estimatedTime: estimated?.toISOString() ?? null, receivedAt: receivedAt.toISOString() },
  };
  const flags: TimeRecordFlag[] = ['sin-conexion'];
  const punch = { at, writtenAt: receivedAt, offline: true };
  const claim = (recordId: string) =>
    offline.insertOfflinePunch(trx, { user_id: actor.userId, client_id: input.clientId, company_id: actor.companyId ?? '', kind: input.kind, record_id: recordId, received_at: receivedAt.toISOString() });

  if (input.kind === 'entrada') {
    if (!input.eventId) throw badRequest(OFFLINE_EVENT_REQUIRED_MESSAGE);
    const recordId = newId('tr');
    // The claim first: a concurrent resend waits on its primary key and then fails (PostgreSQL).
    await claim(recordId);
    const record = await clockIn(trx, actor, { eventId: input.eventId, location: input.location, venueCode: input.venueCode }, { ...punch, flags, evidence, recordId });
    // Checked once the event's own checks passed, so another company's event answers 404 first.
    if (await offline.hasCompletedRecordAt(trx, actor.userId, at.toISOString())) throw conflict(OFFLINE_COVERED_MESSAGE);
    return { record, duplicate: false };
  }

  const target = await recordToClose(trx, actor, input);
  if (target.status !== 'activo') throw conflict(OFFLINE_ALREADY_CLOSED_MESSAGE);
  await claim(target.id);
  // The clock-out judges its place against the event's zone itself (at the punch's time).
  const record = await clockOut(trx, actor, target.id, { location: input.location }, { ...punch, flags, evidence });
  return { record, duplicate: false };
}

/** The record a queued clock-out closes: the one it names, its queued clock-in's, or the running one. */
async function recordToClose(trx: Kysely<DB>, actor: Actor, input: OfflinePunchRequest): Promise<TimeRecord> {
  if (input.recordId) {
    const record = await repository.findRecord(trx, input.recordId);
    // Another user's record, or another company's, is invisible.
    if (!record || record.userId !== actor.userId) throw notFound(RECORD_NOT_FOUND);
    return record;
  }
  if (input.startClientId) {
    const start = await offline.findOfflinePunch(trx, actor.userId, input.startClientId);
    const record = start?.kind === 'entrada' ? await repository.findRecord(trx, start.record_id) : undefined;
    if (!record) throw notFound(OFFLINE_START_NOT_FOUND_MESSAGE);
    return record;
  }
  const running = await repository.findActiveRecord(trx, actor.userId);
  if (!running) throw new AppError(409, 'NO_ACTIVE_TIMER', OFFLINE_NO_RUNNING_MESSAGE);
  return running;
}
