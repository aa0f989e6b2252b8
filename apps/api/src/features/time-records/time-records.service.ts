import { emitWebhook } from '../webhooks/emit-webhook';
import { PENDING_CLOCK_IN_MESSAGE } from '../events/assignment-answers.service';
import type { Kysely } from 'kysely';
import { durationMinutes, formatDuration, monthRange } from '@jornada/shared/format';
import { isSinCierre } from '@jornada/shared/sin-cierre';
import type { MyRecordsResponse, PunchEvidence, StartTimerRequest, StopTimerRequest, TimeLogFilterOptions, TimeLogQuery, TimeLogResponse, TimeRecord, TimeRecordFlag } from '@jornada/shared/schemas/time-records';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-batch';
import { inScope, scopeOf, type Actor } from '../../lib/authorization';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { decodeCursor, pageOf } from '../../lib/cursor';
import { dayRangeInstants } from '../../lib/list-filters';
import { AppError, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { appendAction } from '../../ledgers/action-log/action-log';
import { appendChainEntry, timeRecordPayload } from '../../ledgers/registro-chain/registro-chain';
import { listAssignedEventsUnderway } from '../events/events.service';
import { assessGeofence } from './geofence';
import { assessPunchPresence } from './punch-presence';
import * as repository from './time-records.repository';

export interface TimeRecordDeps {
  db: Kysely<DB>;
  clock: Clock;
  timeZone: string;
}

const EVENT_NOT_FOUND = 'No se pudo encontrar el evento.';
export const SIN_CIERRE_STOP_MESSAGE = 'Este fichaje quedó sin cierre: solicita una corrección con tu hora real de salida.';
const alreadyActive = () => new AppError(409, 'TIMER_ALREADY_ACTIVE');
export const RECORD_NOT_FOUND = 'No se ha encontrado el fichaje.';
// A queued punch is judged at the time it was made: its refusals speak of that time.
export const OFFLINE_TOO_EARLY_MESSAGE = 'El evento aún no había empezado a esa hora.';
export const OFFLINE_EVENT_FINISHED_MESSAGE = 'El evento ya había terminado a esa hora.';
export const OFFLINE_ALREADY_ACTIVE_MESSAGE = 'Ya tienes un turno en curso.';
export const END_BEFORE_START_MESSAGE = 'La hora de salida no es posterior a la de entrada.';

/**
 * Clock-in (decision 2): the server's clock, an event of the caller's company that has started and
 * not ended, an Empleado assigned to it or a Supervisor of the company, and no other active timer.
 */
export async function startTimer(deps: TimeRecordDeps, actor: Actor, input: StartTimerRequest): Promise<TimeRecord> {
  try {
    // One write transaction for the checks and the writes; on SQLite it may be shared with other
    // clock-ins and clock-outs of the same moment (group commit, db/write-batch.ts), so the read
    // shares its snapshot and the commit its cost. A refusal rolls back only this clock-in.
    return await writeTransaction(deps.db, (trx) => {
      const now = deps.clock();
      return clockIn(trx, actor, input, { at: now, writtenAt: now });
    });
  } catch (error) {
    // Another device or server won the race: the unique partial index is the last word.
    if (isUniqueViolation(error)) throw alreadyActive();
    throw error;
  }
}

/**
 * One punch as the clock-in and the clock-out write it. Online both times are the server's clock;
 * a punch queued on a phone (offline-punches.service.ts) happened at `at`, before it arrived.
 */
export interface Punch {
  /** When the punch happened: the record's start or end time. */
  at: Date;
  /** When the server writes it: the row's creation, the chain entry and the action log. */
  writtenAt: Date;
  /** Flags and evidence the caller already holds (offline: 'sin-conexion' and its times). */
  flags?: readonly TimeRecordFlag[];
  evidence?: PunchEvidence;
  /** The new record's id, when the caller needs it before the clock-in writes. */
  recordId?: string;
  /** A punch that happened earlier: its refusals speak in the past and the action log says why. */
  offline?: boolean;
}

const hasEvidence = (evidence: PunchEvidence | undefined): evidence is PunchEvidence => evidence !== undefined && Object.keys(evidence).length > 0;

export async function clockIn(trx: Kysely<DB>, actor: Actor, input: StartTimerRequest, punch: Punch): Promise<TimeRecord> {
  // One read for the event, the assignment and a running timer; the checks keep their order.
  const event = await repository.findClockInContext(trx, input.eventId, actor.userId);
  if (!event || !actor.companyId || !inScope(scopeOf(actor), event.companyId)) throw notFound(EVENT_NOT_FOUND);
  if (actor.role === 'Empleado' && !event.assigned) throw notFound(EVENT_NOT_FOUND);
  if (actor.role === 'Empleado' && event.pending) throw conflict(PENDING_CLOCK_IN_MESSAGE);

  const { at, writtenAt } = punch;
  if (at.getTime() < Date.parse(event.startTime)) throw punch.offline ? new AppError(409, 'CLOCK_IN_TOO_EARLY', OFFLINE_TOO_EARLY_MESSAGE) : new AppError(409, 'CLOCK_IN_TOO_EARLY');
  if (at.getTime() >= Date.parse(event.endTime)) throw punch.offline ? new AppError(409, 'EVENT_FINISHED', OFFLINE_EVENT_FINISHED_MESSAGE) : new AppError(409, 'EVENT_FINISHED');
  if (event.activeRecordId) throw punch.offline ? new AppError(409, 'TIMER_ALREADY_ACTIVE', OFFLINE_ALREADY_ACTIVE_MESSAGE) : alreadyActive();
  // The geofence and the venue code: a refusal throws with its reason, else flags and evidence.
  const presence = await assessPunchPresence(trx, { kind: 'entrada', at, location: input.location, venueCode: input.venueCode, event });
  const evidence = { ...presence.evidence, ...punch.evidence };

  const id = punch.recordId ?? newId('tr');
  const row: repository.NewActiveRecord = {
    id,
    company_id: event.companyId,
    user_id: actor.userId,
    event_id: event.id,
    start_time: at.toISOString(),
    start_location: repository.serializeLocation(input.location),
    created_at: writtenAt.toISOString(),
    flags: repository.serializeFlags([...presence.flags, ...(punch.flags ?? [])]),
    presence: hasEvidence(evidence) ? JSON.stringify({ start: evidence }) : null,
  };
  // The action log and the webhook first: the chain head's lock, which orders a whole company's
  // clock-ins and clock-outs on PostgreSQL until the commit, is then held for the seal, the
  // record and the commit only (decision 056).
  await appendAction(trx, {
    actorId: actor.userId,
    actorName: actor.name,
    companyId: event.companyId,
    kind: 'time-record.start',
    message: `${actor.name} ha iniciado su turno en «${event.name}»${punch.offline ? ' (fichado sin conexión)' : ''}`,
    at: writtenAt,
  });
  await emitWebhook(trx, {
    companyId: event.companyId,
    type: 'fichaje.entrada',
    data: { recordId: id, user: { id: actor.userId, name: actor.name }, event: { id: event.id, name: event.name }, startTime: row.start_time, offline: punch.offline === true, flags: [...presence.flags, ...(punch.flags ?? [])] },
    at: writtenAt,
  });
  // Sealed in the registro chain before the insert: the head's lock orders the company's writes.
  const payload = timeRecordPayload({ ...repository.activeRecordRow(row) });
  const hash = await appendChainEntry(trx, { companyId: event.companyId, kind: 'fichaje', action: 'entrada', subjectId: id, payload, at: writtenAt });
  await repository.insertActiveRecord(trx, { ...row, hash });
  // The row just written, without reading it back.
  return repository.newActiveTimeRecord(row, event.name);
}

/** Stops the caller's own active record; another user's record is invisible (404). */
export async function stopTimer(deps: TimeRecordDeps, actor: Actor, recordId: string, input: StopTimerRequest): Promise<TimeRecord> {
  // The read, its checks and the writes in one write transaction (shared on SQLite, as startTimer).
  return writeTransaction(deps.db, (trx) => {
    const now = deps.clock();
    return clockOut(trx, actor, recordId, input, { at: now, writtenAt: now });
  });
}

export async function clockOut(trx: Kysely<DB>, actor: Actor, recordId: string, input: StopTimerRequest, punch: Punch): Promise<TimeRecord> {
  const { at, writtenAt } = punch;
  const endTime = at.toISOString();
  // The record's row lock first, then the chain head's, in the order corrections take them. The
  // update is the read: a refusal below throws, and the transaction (or the batch's savepoint)
  // undoes it.
  const completion = await repository.startCompletion(trx, { id: recordId, userId: actor.userId, endTime, endLocation: repository.serializeLocation(input.location) });
  if (!completion) throw await refusedStop(trx, actor, recordId, writtenAt);
  const { row } = completion;
  // A forgotten clock-out is closed only through a correction with the real time, never at 'now'.
  if (isSinCierre({ status: 'activo', startTime: row.start_time }, completion.eventEnd, at)) throw conflict(SIN_CIERRE_STOP_MESSAGE);
  // Online the server's clock only moves forward; a queued clock-out's estimate may not.
  if (punch.offline && at.getTime() <= Date.parse(row.start_time)) throw conflict(END_BEFORE_START_MESSAGE);

  // The clock-out's place against the event's zone: flagged when outside, never refused (the
  // geofence alone: a worker must always be able to stop, whatever the venue code asks of a start).
  const zone = completion.eventZone;
  const place =
    zone && row.event_id
      ? await assessGeofence(trx, { kind: 'salida', at, location: input.location, event: { id: row.event_id, companyId: row.company_id, requiresVenueCode: false, ...zone } })
      : { flags: [], evidence: {} };
  // The clock-out's own flags and evidence join the clock-in's: the record carries both punches'.
  const ended = repository.withEndPresence(row, { flags: [...place.flags, ...(punch.flags ?? [])], evidence: { ...place.evidence, ...punch.evidence } });
  const duration = durationMinutes(row.start_time, at);
  const completed = { ...completion, row: { ...row, duration, ...ended } };
  // As the clock-in: the chain head's lock last, for the seal, the record and the commit only.
  await appendAction(trx, {
    actorId: actor.userId,
    actorName: actor.name,
    companyId: row.company_id,
    kind: 'time-record.stop',
    message: `${actor.name} ha finalizado su turno en «${completion.eventName ?? 'Evento Desconocido'}» (${formatDuration(duration)})${punch.offline ? ' (fichado sin conexión)' : ''}`,
    at: writtenAt,
  });
  await emitWebhook(trx, {
    companyId: row.company_id,
    type: 'fichaje.salida',
    data: {
      recordId: row.id,
      user: { id: actor.userId, name: actor.name },
      event: row.event_id ? { id: row.event_id, name: completion.eventName ?? null } : null,
      startTime: row.start_time,
      endTime,
      durationMinutes: duration,
      offline: punch.offline === true,
    },
    at: writtenAt,
  });
  const hash = await appendChainEntry(trx, { companyId: row.company_id, kind: 'fichaje', action: 'salida', subjectId: row.id, payload: timeRecordPayload(completed.row), at: writtenAt });
  await repository.finishCompletion(trx, { id: row.id, duration, hash, flags: completed.row.flags, presence: completed.row.presence });
  // The row just written, without reading it back.
  return repository.completedTimeRecord(completed);
}

/** Why no active record of the caller's had that id: another user's record is invisible (404). */
async function refusedStop(trx: Kysely<DB>, actor: Actor, recordId: string, now: Date): Promise<AppError> {
  const record = await repository.findRecord(trx, recordId, now);
  if (!record || record.userId !== actor.userId) return notFound(RECORD_NOT_FOUND);
  return new AppError(409, 'NO_ACTIVE_TIMER');
}

/** The caller's shifts under way, independent of the 'shifts' view: clocking in never depends on browsing. */
export async function listClockableEvents(deps: TimeRecordDeps, actor: Actor) {
  return { items: await listAssignedEventsUnderway(deps.db, actor.userId, deps.clock().toISOString()) };
}

export async function getActiveTimer(deps: TimeRecordDeps, actor: Actor): Promise<TimeRecord | null> {
  return (await repository.findActiveRecord(deps.db, actor.userId, deps.clock())) ?? null;
}

const completedMinutes = (records: TimeRecord[]) =>
  records.reduce((total, record) => total + (record.status === 'completado' ? (record.duration ?? 0) : 0), 0);

/** The caller's records newest first: the latest ones, or one month in the company time zone (Mis Horas). */
export async function listMyRecords(deps: TimeRecordDeps, actor: Actor, query: { month?: string; limit: number }): Promise<MyRecordsResponse> {
  const range = query.month ? monthRange(query.month, deps.timeZone) : undefined;
  const records = await repository.listUserRecords(deps.db, actor.userId, {
    from: range?.start.toISOString(),
    to: range?.end.toISOString(),
    limit: query.limit,
    now: deps.clock(),
  });
  return { records, totalMinutes: completedMinutes(records) };
}

/** The supervisor's time log (admin: every company, or one), newest first, one page at a time. */
export async function listTimeLog(deps: TimeRecordDeps, actor: Actor, query: TimeLogQuery): Promise<TimeLogResponse> {
  const cursor = query.cursor ? decodeCursor(query.cursor, 2) : undefined;
  const rows = await repository.listTimeLog(deps.db, scopeOf(actor), {
    cursor: cursor && { startTime: cursor[0]!, id: cursor[1]! },
    limit: query.limit + 1,
    companyId: query.companyId,
    now: deps.clock(),
    filters: { userId: query.userId, eventId: query.eventId, q: query.q, ...dayRangeInstants(query, deps.timeZone) },
  });
  const { items, nextCursor } = pageOf(rows, query.limit, (record) => [record.startTime, record.id]);
  return { records: items, nextCursor };
}

/**
 * The choices of the time log's worker and event filters: the caller's company (an administrator
 * names one; without it there is nothing to choose from, the list spans every company).
 */
export async function listTimeLogFilterOptions(deps: TimeRecordDeps, actor: Actor, companyId: string | undefined): Promise<TimeLogFilterOptions> {
  const scope = scopeOf(actor);
  const target = scope.kind === 'company' ? scope.companyId : companyId;
  if (target === undefined) return { workers: [], events: [] };
  return repository.listTimeLogFilterOptions(deps.db, target);
}

// What other features may use of this feature's storage: they reach it through the service (issue 22).

export { findRecord, listTimeLogByIds } from './time-records.repository';
