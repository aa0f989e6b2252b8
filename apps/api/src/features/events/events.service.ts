import type { Kysely } from 'kysely';
import { calendarDaysSpanned, dayKeyOf, eventStatusAt, expandConstantEvent, MAX_CONSTANT_EVENT_DAYS, MISSING_USER_NAME, type Occurrence } from '@jornada/shared/events';
import {
  CONSTANT_SPAN_MESSAGE,
  NO_MATCHING_DAY_MESSAGE,
  type CreateEventInput,
  type CreateEventsResponse,
  type Event,
  type UpdateEventInput,
} from '@jornada/shared/schemas/events';
import { DEFAULT_GEOFENCE_RADIUS_M } from '@jornada/shared/geo';
import type { DB } from '../../db/schema';
import { findCompanyName } from '../../db/tenant-lookups';
import type { Actor, CompanyScope } from '../../lib/authorization';
import type { QualificationWarning } from '@jornada/shared/schemas/qualifications';
import { badRequest, conflict, unprocessable } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { appendAction } from '../../ledgers/action-log/action-log';
import { eventAssigned, eventChanged, eventDeleted, eventUnassigned } from '../notifications/notification-messages';
import { emitWebhook } from '../webhooks/emit-webhook';
import { notify } from '../notifications/notify';
import { getCompanySettings } from '../company-settings/company-settings.service';
import { enforceQualifications, eventRequirementTypeIds, setEventRequirements } from '../qualifications/qualifications.service';
import { enforceWorkingTimeRules } from '../registro/assignment-warnings';
import { checkAssignees } from './assignee-rules';
import { scheduleNoShowChecks } from '../live/no-show-alerts';
import { scheduleShiftReminders } from '../reminders/shift-reminders';
import { refuseDoubleBookings } from './double-booking';
import { requireEventManager, requireVisibleEvent, type EventsDeps } from './event-access';
import {
  anyCompanyExists,
  findAssignees,
  insertAssignments,
  listAssignmentHistory,
  moveAssignment,
  replaceAssignments,
  type AssignmentOrigin,
  type NewAssignmentState,
} from './event-assignments.repository';
import type { AssignmentHistory } from '@jornada/shared/schemas/shift-swaps';
import { formatRepeatDays, presentEvents } from './event-view';
import { deleteEvent as deleteEventRow, finishEventAt, findEventsByIds, insertEvents, updateEvent as updateEventRow, type EventRow } from './events.repository';

export const NO_COMPANIES_MESSAGE = 'No hay empresas creadas. Crea una primero.';
export const COMPANY_REQUIRED_MESSAGE = 'Selecciona la empresa del evento.';
export const UNKNOWN_COMPANY_MESSAGE = 'La empresa seleccionada no existe.';
export const OTHER_COMPANY_MESSAGE = 'Solo puedes gestionar eventos de tu empresa.';
export const TYPE_LOCKED_MESSAGE = 'El tipo de evento no se puede cambiar.';
export const NOT_STARTED_MESSAGE = 'Solo se puede finalizar un evento que ya ha comenzado.';
export const ALREADY_FINISHED_MESSAGE = 'El evento ya ha finalizado.';

/** A supervisor's events are their company's; an administrator chooses one (spec section 5 when none exists). */
export async function resolveEventCompany(db: Kysely<DB>, scope: CompanyScope, requested: string | null | undefined): Promise<string> {
  if (scope.kind === 'company') {
    if (requested && requested !== scope.companyId) throw unprocessable(OTHER_COMPANY_MESSAGE);
    return scope.companyId;
  }
  if (!(await anyCompanyExists(db))) throw unprocessable(NO_COMPANIES_MESSAGE);
  if (!requested) throw badRequest(COMPANY_REQUIRED_MESSAGE);
  if ((await findCompanyName(db, requested)) === undefined) throw unprocessable(UNKNOWN_COMPANY_MESSAGE);
  return requested;
}

/** Spec section 4: a momentary event is one occurrence; a constant one, one per matching day. */
function occurrencesOf(input: CreateEventInput, timeZone: string): Occurrence[] {
  const start = new Date(input.date);
  const end = new Date(input.endDate);
  if (input.type === 'momentary') return [{ start, end }];
  if (calendarDaysSpanned(start, end, timeZone) > MAX_CONSTANT_EVENT_DAYS) throw badRequest(CONSTANT_SPAN_MESSAGE);
  const occurrences = expandConstantEvent({ start, end, repeatDays: input.repeatDays }, timeZone);
  if (occurrences.length === 0) throw badRequest(NO_MATCHING_DAY_MESSAGE);
  return occurrences;
}

function logChange(db: Kysely<DB>, actor: Actor, at: Date, companyId: string, kind: string, message: string) {
  return appendAction(db, { actorId: actor.userId, actorName: actor.name, companyId, kind, message: `${actor.name} ${message}`, at });
}

async function assignedIds(db: Kysely<DB>, scope: CompanyScope, eventId: string): Promise<string[]> {
  // Who staffs it: a declined row is kept for the record (decision 046) but is not on the staff.
  return (await findAssignees(db, scope, [eventId])).filter((row) => row.state !== 'declined').map((row) => row.user_id);
}

type EventFacts = Parameters<typeof eventAssigned>[0];

/** The history's origin of a supervisor's change (decision 052). */
function originOf(actor: Actor, at: Date, companyId: string, source: AssignmentOrigin['source']): AssignmentOrigin {
  return { companyId, source, actorId: actor.userId, actorName: actor.name, at };
}

/** Decision 046: with the company's 'Aceptación de turnos' on, a new assignment waits for the answer. */
async function newAssignmentState(db: Kysely<DB>, companyId: string): Promise<NewAssignmentState> {
  return (await getCompanySettings(db, companyId)).acceptAssignments ? 'pending' : 'accepted';
}

/** Newcomers hear of the event as it is now; those taken off, of the event they were on. */
async function notifyStaffChange(
  db: Kysely<DB>,
  actor: Actor,
  at: Date,
  companyId: string,
  change: { eventId: string; current: readonly string[]; finalIds: readonly string[]; before: EventFacts; after: EventFacts },
): Promise<void> {
  const added = change.finalIds.filter((userId) => !change.current.includes(userId));
  const removed = change.current.filter((userId) => !change.finalIds.includes(userId));
  await notify(db, { companyId, recipients: added, message: eventAssigned(change.after), at, actorId: actor.userId });
  await notify(db, { companyId, recipients: removed, message: eventUnassigned(change.before), at, actorId: actor.userId });
  await emitAssignmentWebhooks(db, actor, at, companyId, { id: change.eventId, name: change.after.name }, { added, removed });
}

/** The company's webhooks hear who was put on or taken off an event (decision 050). */
async function emitAssignmentWebhooks(
  db: Kysely<DB>,
  actor: Actor,
  at: Date,
  companyId: string,
  event: { id: string; name: string },
  staff: { added: readonly string[]; removed: readonly string[] },
): Promise<void> {
  const by = { id: actor.userId, name: actor.name };
  if (staff.added.length > 0) await emitWebhook(db, { companyId, type: 'asignacion.creada', data: { event, userIds: staff.added, by }, at });
  if (staff.removed.length > 0) await emitWebhook(db, { companyId, type: 'asignacion.retirada', data: { event, userIds: staff.removed, by }, at });
}

async function presentOne(deps: EventsDeps, scope: CompanyScope, actor: Actor, id: string): Promise<Event> {
  const [event] = await presentEvents(deps, { scope }, actor, await findEventsByIds(deps.db, scope, [id]));
  return event!;
}

type PlaceInput = Pick<CreateEventInput, 'geoLat' | 'geoLng' | 'geoRadiusM'>;

/** The stored place of a new event: a point with its radius (200 m unless told), or none. */
function placeColumns(input: PlaceInput) {
  if (input.geoLat === null || input.geoLat === undefined || input.geoLng === null || input.geoLng === undefined) {
    return { geo_lat: null, geo_lng: null, geo_radius_m: null };
  }
  return { geo_lat: input.geoLat, geo_lng: input.geoLng, geo_radius_m: input.geoRadiusM ?? DEFAULT_GEOFENCE_RADIUS_M };
}

/** An edit's place: omitted keeps the point (a radius alone changes only an existing point's), null removes it. */
function placeChange(input: PlaceInput, event: EventRow) {
  if (input.geoLat === undefined || input.geoLng === undefined) {
    return input.geoRadiusM !== undefined && event.geo_lat !== null ? { geo_radius_m: input.geoRadiusM } : {};
  }
  return placeColumns(input);
}

/** Creates every occurrence, its staff and the log entry in one transaction. */
export async function createEvents(deps: EventsDeps, actor: Actor, input: CreateEventInput): Promise<CreateEventsResponse> {
  const scope = requireEventManager(actor);
  const now = deps.clock();
  const { ids, qualificationWarnings } = await deps.db.transaction().execute((trx) => createEventsIn(trx, deps, actor, scope, now, input));
  const items = await presentEvents(deps, { scope }, actor, await findEventsByIds(deps.db, scope, ids));
  return { items, count: items.length, ...(qualificationWarnings.length > 0 ? { qualificationWarnings } : {}) };
}

/**
 * The creation inside the caller's transaction, with every rule of a single create: the import
 * (decision 053) runs it once per row of a file in one transaction, all or nothing.
 */
export async function createEventsIn(
  trx: Kysely<DB>,
  deps: EventsDeps,
  actor: Actor,
  scope: CompanyScope,
  now: Date,
  input: CreateEventInput,
  source: Extract<AssignmentOrigin['source'], 'event-form' | 'import'> = 'event-form',
): Promise<{ ids: string[]; qualificationWarnings: QualificationWarning[] }> {
  const occurrences = occurrencesOf(input, deps.timeZone);
  const userIds = [...new Set(input.assignedEmployees)];
  const ids = occurrences.map(() => newId('evt'));
  const companyId = await resolveEventCompany(trx, scope, input.companyId);
  await checkAssignees({ ...deps, db: trx }, { companyId, userIds, starts: occurrences.map((occurrence) => occurrence.start) });
  await refuseDoubleBookings(trx, deps.timeZone, { companyId, userIds, occurrences });
  await enforceWorkingTimeRules({ db: trx, now, timeZone: deps.timeZone }, actor, {
    companyId,
    eventName: input.name,
    userIds,
    occurrences,
    acknowledged: input.acknowledgeWarnings === true,
  });
  await insertEvents(
    trx,
    occurrences.map((occurrence, index) => ({
      id: ids[index]!,
      company_id: companyId,
      name: input.name,
      location: input.location,
      start_time: occurrence.start.toISOString(),
      end_time: occurrence.end.toISOString(),
      type: input.type,
      repeat_days: input.type === 'constant' ? formatRepeatDays(input.repeatDays) : '',
      finished_early_at: null,
      created_at: now.toISOString(),
      created_by: actor.userId,
      ...placeColumns(input),
      requires_venue_code: input.requiresVenueCode ? 1 : 0,
    })),
  );
  await insertAssignments(
    trx,
    ids.flatMap((eventId) => userIds.map((userId) => ({ event_id: eventId, user_id: userId }))),
    await newAssignmentState(trx, companyId),
    originOf(actor, now, companyId, source),
  );
  const eventTypeIds = input.requiredQualifications ?? [];
  if (eventTypeIds.length > 0) await setEventRequirements(trx, companyId, ids, eventTypeIds);
  const qualificationWarnings = await enforceQualifications(trx, actor, now, {
    companyId,
    eventName: input.name,
    userIds,
    days: occurrences.map((occurrence) => dayKeyOf(occurrence.start, deps.timeZone)),
    eventTypeIds,
  });
  const what = ids.length === 1 ? `el evento «${input.name}»` : `${ids.length} eventos «${input.name}»`;
  await logChange(trx, actor, now, companyId, 'event.create', `ha creado ${what}`);
  const facts = { name: input.name, location: input.location, start: occurrences[0]!.start, occurrences: occurrences.length, timeZone: deps.timeZone };
  await notify(trx, { companyId, recipients: userIds, message: eventAssigned(facts), at: now, actorId: actor.userId });
  for (const eventId of ids) await emitAssignmentWebhooks(trx, actor, now, companyId, { id: eventId, name: input.name }, { added: userIds, removed: [] });
  await scheduleNoShowChecks(trx, now, occurrences.map((occurrence, index) => ({ id: ids[index]!, startTime: occurrence.start.toISOString() })));
  await scheduleShiftReminders(trx, now, occurrences.map((occurrence, index) => ({ id: ids[index]!, startTime: occurrence.start.toISOString(), endTime: occurrence.end.toISOString() })));
  return { ids, qualificationWarnings };
}

/** Edits one event; its type and company never change, its staff only when sent. */
export async function updateEvent(deps: EventsDeps, actor: Actor, id: string, input: UpdateEventInput): Promise<Event> {
  const scope = requireEventManager(actor);
  const now = deps.clock();
  let qualificationWarnings: QualificationWarning[] = [];
  await deps.db.transaction().execute(async (trx) => {
    const event = await requireVisibleEvent(trx, { scope }, id);
    if (input.type !== undefined && input.type !== event.type) throw badRequest(TYPE_LOCKED_MESSAGE);
    const start = new Date(input.date);
    const current = await assignedIds(trx, scope, id);
    const startDayMoved = dayKeyOf(start, deps.timeZone) !== dayKeyOf(event.start_time, deps.timeZone);
    const finalIds = input.assignedEmployees ? [...new Set(input.assignedEmployees)] : current;
    await checkAssignees(
      { ...deps, db: trx },
      { companyId: event.company_id, userIds: finalIds, starts: [start], alreadyAssigned: new Set(current), recheckVacationsForAll: startDayMoved },
    );
    // Double bookings and working-time rules: newcomers, or everyone when the event's times changed.
    const timesChanged = start.toISOString() !== event.start_time || new Date(input.endDate).toISOString() !== event.end_time;
    const checkedIds = timesChanged ? finalIds : finalIds.filter((userId) => !current.includes(userId));
    const occurrences = [{ start, end: new Date(input.endDate) }];
    await refuseDoubleBookings(trx, deps.timeZone, { companyId: event.company_id, userIds: checkedIds, occurrences, excludeEventId: id });
    await enforceWorkingTimeRules({ db: trx, now, timeZone: deps.timeZone }, actor, {
      companyId: event.company_id,
      eventName: input.name,
      userIds: checkedIds,
      occurrences,
      excludeEventId: id,
      acknowledged: input.acknowledgeWarnings === true,
    });
    const endDate = new Date(input.endDate).toISOString();
    await updateEventRow(trx, scope, id, {
      name: input.name,
      location: input.location,
      start_time: start.toISOString(),
      end_time: endDate,
      // An edited end is a new plan, no longer an early finish.
      ...(endDate !== event.end_time ? { finished_early_at: null } : {}),
      ...placeChange(input, event),
      ...(input.requiresVenueCode !== undefined ? { requires_venue_code: input.requiresVenueCode ? 1 : 0 } : {}),
    });
    if (input.assignedEmployees) await replaceAssignments(trx, id, finalIds, await newAssignmentState(trx, event.company_id), originOf(actor, now, event.company_id, 'event-form'));
    // Qualifications are judged on the event's day: a new day or new requirements check everyone.
    const storedTypeIds = await eventRequirementTypeIds(trx, id);
    const eventTypeIds = input.requiredQualifications ?? storedTypeIds;
    const requirementsChanged = [...new Set(eventTypeIds)].sort().join() !== [...storedTypeIds].sort().join();
    if (requirementsChanged) await setEventRequirements(trx, event.company_id, [id], eventTypeIds);
    qualificationWarnings = await enforceQualifications(trx, actor, now, {
      companyId: event.company_id,
      eventName: input.name,
      userIds: requirementsChanged || startDayMoved ? finalIds : finalIds.filter((userId) => !current.includes(userId)),
      days: [dayKeyOf(start, deps.timeZone)],
      eventTypeIds,
    });
    await logChange(trx, actor, now, event.company_id, 'event.update', `ha actualizado el evento «${input.name}»`);
    const before = { name: event.name, location: event.location, start: event.start_time, timeZone: deps.timeZone };
    const after = { name: input.name, location: input.location, start, timeZone: deps.timeZone };
    const stayed = finalIds.filter((userId) => current.includes(userId));
    const moved = timesChanged || input.location !== event.location;
    await notifyStaffChange(trx, actor, now, event.company_id, { eventId: event.id, current, finalIds, before, after });
    if (moved) await notify(trx, { companyId: event.company_id, recipients: stayed, message: eventChanged(after), at: now, actorId: actor.userId });
    const startMoved = start.toISOString() !== new Date(event.start_time).toISOString();
    if (startMoved) await scheduleNoShowChecks(trx, now, [{ id, startTime: start.toISOString() }]);
    // The reminders of the old times find a mismatch when they run; these cover the new ones.
    await scheduleShiftReminders(trx, now, [{ id, startTime: startMoved ? start.toISOString() : undefined, endTime: endDate !== new Date(event.end_time).toISOString() ? endDate : undefined }]);
  });
  return withWarnings(await presentOne(deps, scope, actor, id), qualificationWarnings);
}

export async function deleteEvent(deps: EventsDeps, actor: Actor, id: string): Promise<void> {
  const scope = requireEventManager(actor);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    const event = await requireVisibleEvent(trx, { scope }, id);
    const staff = await assignedIds(trx, scope, id);
    await deleteEventRow(trx, scope, id);
    await logChange(trx, actor, now, event.company_id, 'event.delete', `ha eliminado el evento «${event.name}»`);
    const facts = { name: event.name, location: event.location, start: event.start_time, timeZone: deps.timeZone };
    await notify(trx, { companyId: event.company_id, recipients: staff, message: eventDeleted(facts), at: now, actorId: actor.userId });
    await emitAssignmentWebhooks(trx, actor, now, event.company_id, { id: event.id, name: event.name }, { added: [], removed: staff });
  });
}

function refuseFinish(event: EventRow, now: Date): never {
  const status = eventStatusAt({ date: event.start_time, endDate: event.end_time }, now);
  throw conflict(status === 'Programado' ? NOT_STARTED_MESSAGE : ALREADY_FINISHED_MESSAGE);
}

/** Decision 1, 'Finalizar ahora': an active event's end becomes the server's now. */
export async function finishEvent(deps: EventsDeps, actor: Actor, id: string): Promise<Event> {
  const scope = requireEventManager(actor);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    const event = await requireVisibleEvent(trx, { scope }, id);
    if (!(await finishEventAt(trx, scope, id, now))) refuseFinish(event, now);
    await scheduleShiftReminders(trx, now, [{ id, endTime: now.toISOString() }]);
    await logChange(trx, actor, now, event.company_id, 'event.finish', `ha finalizado el evento «${event.name}»`);
  });
  return presentOne(deps, scope, actor, id);
}

/** Replaces the assigned staff; newcomers are checked (company, role, access, vacations, double bookings). */
export async function assignEmployees(
  deps: EventsDeps,
  actor: Actor,
  id: string,
  userIds: readonly string[],
  acknowledgeWarnings = false,
  source: Extract<AssignmentOrigin['source'], 'event-form' | 'roster'> = 'event-form',
): Promise<Event> {
  const scope = requireEventManager(actor);
  const now = deps.clock();
  let qualificationWarnings: QualificationWarning[] = [];
  await deps.db.transaction().execute(async (trx) => {
    const event = await requireVisibleEvent(trx, { scope }, id);
    const current = await assignedIds(trx, scope, id);
    const finalIds = [...new Set(userIds)];
    await checkAssignees({ ...deps, db: trx }, { companyId: event.company_id, userIds: finalIds, starts: [new Date(event.start_time)], alreadyAssigned: new Set(current) });
    const newcomers = finalIds.filter((userId) => !current.includes(userId));
    const occurrences = [{ start: new Date(event.start_time), end: new Date(event.end_time) }];
    await refuseDoubleBookings(trx, deps.timeZone, { companyId: event.company_id, userIds: newcomers, occurrences, excludeEventId: id });
    await enforceWorkingTimeRules({ db: trx, now, timeZone: deps.timeZone }, actor, {
      companyId: event.company_id,
      eventName: event.name,
      userIds: newcomers,
      occurrences,
      excludeEventId: id,
      acknowledged: acknowledgeWarnings,
    });
    await replaceAssignments(trx, id, finalIds, await newAssignmentState(trx, event.company_id), originOf(actor, now, event.company_id, source));
    qualificationWarnings = await enforceQualifications(trx, actor, now, {
      companyId: event.company_id,
      eventName: event.name,
      userIds: newcomers,
      days: [dayKeyOf(event.start_time, deps.timeZone)],
      eventTypeIds: await eventRequirementTypeIds(trx, id),
    });
    await logChange(trx, actor, now, event.company_id, 'event.assign', `ha actualizado el personal del evento «${event.name}»`);
    const facts = { name: event.name, location: event.location, start: event.start_time, timeZone: deps.timeZone };
    await notifyStaffChange(trx, actor, now, event.company_id, { eventId: event.id, current, finalIds, before: facts, after: facts });
  });
  return withWarnings(await presentOne(deps, scope, actor, id), qualificationWarnings);
}

export const ALREADY_ASSIGNED_MESSAGE = 'Ya estás asignado a este evento.';

/**
 * Decision 051: one more person on an event, inside the caller's transaction (an open place taken
 * or approved). The same checks and the same write as 'Asignar personal' (replaceAssignments, the
 * company's accepting state, notification, webhook, action log), so assignment rows have one writer.
 * Nothing to acknowledge: working-time warnings refuse it, as the person cannot confirm them.
 */
export async function addAssigneeInTransaction(
  deps: EventsDeps,
  trx: Kysely<DB>,
  actor: Actor,
  change: { eventId: string; companyId: string; userId: string; at: Date; logMessage: string },
): Promise<void> {
  const scope: CompanyScope = { kind: 'company', companyId: change.companyId };
  const event = await requireVisibleEvent(trx, { scope }, change.eventId);
  const current = await assignedIds(trx, scope, event.id);
  if (current.includes(change.userId)) throw conflict(ALREADY_ASSIGNED_MESSAGE);
  const tx = { ...deps, db: trx };
  const occurrences = [{ start: new Date(event.start_time), end: new Date(event.end_time) }];
  await checkAssignees(tx, { companyId: event.company_id, userIds: [change.userId], starts: [occurrences[0]!.start] });
  await refuseDoubleBookings(trx, deps.timeZone, { companyId: event.company_id, userIds: [change.userId], occurrences, excludeEventId: event.id });
  await enforceWorkingTimeRules({ db: trx, now: change.at, timeZone: deps.timeZone }, actor, {
    companyId: event.company_id,
    eventName: event.name,
    userIds: [change.userId],
    occurrences,
    excludeEventId: event.id,
    acknowledged: false,
  });
  const finalIds = [...current, change.userId];
  await replaceAssignments(trx, event.id, finalIds, await newAssignmentState(trx, event.company_id), originOf(actor, change.at, event.company_id, 'open-shift'));
  await enforceQualifications(trx, actor, change.at, {
    companyId: event.company_id,
    eventName: event.name,
    userIds: [change.userId],
    days: [dayKeyOf(event.start_time, deps.timeZone)],
    eventTypeIds: await eventRequirementTypeIds(trx, event.id),
  });
  await logChange(trx, actor, change.at, event.company_id, 'event.assign', change.logMessage);
  const facts = { name: event.name, location: event.location, start: event.start_time, timeZone: deps.timeZone };
  await notifyStaffChange(trx, actor, change.at, event.company_id, { eventId: event.id, current, finalIds, before: facts, after: facts });
}

/** The event as saved, with what the company only warns about (decision 042). */
function withWarnings(event: Event, qualificationWarnings: QualificationWarning[]): Event {
  return qualificationWarnings.length > 0 ? { ...event, qualificationWarnings } : event;
}

/** 'Historial de asignaciones' (decision 052): who was put on or taken off the event, newest first. */
export async function getAssignmentHistory(deps: EventsDeps, actor: Actor, id: string): Promise<AssignmentHistory> {
  const scope = requireEventManager(actor);
  const event = await requireVisibleEvent(deps.db, { scope }, id);
  const rows = await listAssignmentHistory(deps.db, event.company_id, event.id);
  return {
    items: rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      userName: row.user_name ?? MISSING_USER_NAME,
      change: row.change,
      source: row.source,
      actorName: row.actor_name,
      at: row.at,
    })),
  };
}

export interface ShiftHandOver {
  eventId: string;
  fromUserId: string;
  toUserId: string;
}

/**
 * Decision 052: an approved swap or taken offer changes hands, through the one assignment write
 * path, in the caller's transaction: each place moves (with its history rows), the people hear of
 * it and the webhooks too. False when a place is no longer the giver's or already the taker's: the
 * caller refuses and its transaction rolls back, so nothing half-applies.
 */
export async function handOverShifts(
  db: Kysely<DB>,
  timeZone: string,
  actor: Actor,
  change: { companyId: string; source: 'swap' | 'offer'; at: Date; moves: readonly ShiftHandOver[] },
): Promise<boolean> {
  const origin = originOf(actor, change.at, change.companyId, change.source);
  const scope = { kind: 'company' as const, companyId: change.companyId };
  const events = new Map((await findEventsByIds(db, scope, change.moves.map((move) => move.eventId))).map((event) => [event.id, event]));
  for (const move of change.moves) {
    if (!events.has(move.eventId)) return false;
    // The taker volunteered: their place needs no answer (decision 046).
    if (!(await moveAssignment(db, { eventId: move.eventId, fromUserId: move.fromUserId, toUserId: move.toUserId, state: 'accepted' }, origin))) return false;
  }
  for (const move of change.moves) {
    const event = events.get(move.eventId)!;
    const facts = { name: event.name, location: event.location, start: event.start_time, timeZone };
    await notify(db, { companyId: change.companyId, recipients: [move.toUserId], message: eventAssigned(facts), at: change.at, actorId: actor.userId });
    await notify(db, { companyId: change.companyId, recipients: [move.fromUserId], message: eventUnassigned(facts), at: change.at, actorId: actor.userId });
    await emitAssignmentWebhooks(db, actor, change.at, change.companyId, { id: event.id, name: event.name }, { added: [move.toUserId], removed: [move.fromUserId] });
  }
  return true;
}

// What other features may use of this feature's storage: they reach it through the service (issue 22).

export { countEvents } from './events.repository';

export { listAssignedEventsUnderway } from './assigned-events.repository';

// Open-shift eligibility (decision 051) asks the same double-booking question as the save.
export { findDoubleBookings } from './double-booking';

export { eventsDeps, type EventsDeps } from './event-access';

export { findAssignmentCandidates } from './event-assignments.repository';

export { findEventsByIds } from './events.repository';
