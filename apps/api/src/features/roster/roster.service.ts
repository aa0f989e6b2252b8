import { doubleBookingMessage } from '@jornada/shared/double-booking';
import { dayKeyOf } from '@jornada/shared/events';
import { dayStartInstant, formatTime, nextPlainDay } from '@jornada/shared/format';
import { intervalsOverlap } from '@jornada/shared/working-time';
import type {
  CopiedAssignment,
  CopyWeekRequest,
  CopyWeekResponse,
  RosterCell,
  RosterConflict,
  RosterOpenEvent,
  RosterPdfQuery,
  RosterQuery,
  RosterResponse,
  RosterShift,
} from '@jornada/shared/schemas/roster';
import type { Actor } from '../../lib/authorization';
import { AppError, unprocessable } from '../../lib/errors';
import { groupBy } from '../../lib/group-by';
import { resolveManagedCompany, resolveManagedCompanyToChange } from '../../lib/managed-company';
import { findUnavailability, type UnavailableSlot } from '../availability/availability.service';
import type { EventsDeps } from '../events/event-access';
import { listAssignableEmployees } from '../events/event-lists.service';
import { assignEmployees } from '../events/events.service';
import { eventRequirementsByEvent, judgeQualifications, readQualificationFacts } from '../qualifications/qualifications.service';
import { personWarnings, readPlanningContext } from '../registro/assignment-warnings';
import { renderRosterPdf } from './roster-pdf';
import { listAssignmentsBetween, listEventsBetween, type RosterEventRow } from './roster.repository';

export const ROSTER_CATEGORY_MESSAGE = 'La categoría no está asignada a la empresa.';
export const ROSTER_VACATION_MESSAGE = 'Está de vacaciones ese día.';
export const rosterUnavailableMessage = (description: string) => `Ha indicado que no puede trabajar: ${description}.`;
export const ROSTER_OTHER_COMPANY_MESSAGE = 'Solo puedes organizar el cuadrante de tu empresa.';
export const NO_MATCHING_EVENT_MESSAGE = 'La semana siguiente no tiene un evento con el mismo nombre y horario ese día.';

/** Events read around the range so an overlap with a night shift just outside it still shows. */
const MARGIN_MS = 86_400_000;

/** A day key `days` later (calendar arithmetic). */
function shiftDay(day: string, days: number): string {
  let key = day;
  for (let index = 0; index < days; index += 1) key = nextPlainDay(key);
  return key;
}

/** The days of the range, both ends included. */
function daysOf(from: string, to: string): string[] {
  const days = [from];
  while (days[days.length - 1]! < to) days.push(nextPlainDay(days[days.length - 1]!));
  return days;
}

/**
 * Issue 27 item 1 (decision 045): the company's assignable people (filtered by category), per day
 * their events with local times, their confirmed vacations, and each shift's conflicts, judged by
 * the same rules as an assignment (decisions 029, 042, 6 and the working-time rules of issue 11);
 * and the range's events that still take people. A fixed number of reads, whatever the number of
 * people or events: the people, the events, their assignments, the vacations, the qualification
 * facts and the planning sources.
 */
export async function getRoster(deps: EventsDeps, actor: Actor, query: RosterQuery): Promise<RosterResponse> {
  const company = await resolveManagedCompany(deps.db, actor, query.companyId);
  const { employees: everyone, categories } = await listAssignableEmployees(deps, actor, { companyId: company.id });
  if (query.categoryId !== undefined && !categories.some((category) => category.id === query.categoryId)) throw unprocessable(ROSTER_CATEGORY_MESSAGE);
  const people = query.categoryId === undefined ? everyone : everyone.filter((person) => person.categoryIds.includes(query.categoryId!));
  const { timeZone } = deps;
  const now = deps.clock();
  const days = daysOf(query.from, query.to);
  const inRange = new Set(days);
  const rangeStart = dayStartInstant(query.from, timeZone);
  const rangeEnd = dayStartInstant(nextPlainDay(query.to), timeZone);
  const [readFrom, readTo] = [new Date(rangeStart.getTime() - MARGIN_MS), new Date(rangeEnd.getTime() + MARGIN_MS)];

  const [events, assignments] = await Promise.all([
    listEventsBetween(deps.db, company.id, readFrom, readTo),
    listAssignmentsBetween(deps.db, company.id, readFrom, readTo),
  ]);
  const eventById = new Map(events.map((event) => [event.id, event]));
  const pendingKeys = new Set(assignments.filter((row) => row.state === 'pending').map((row) => `${row.event_id}|${row.user_id}`));
  const dayOf = new Map(events.map((event) => [event.id, dayKeyOf(event.start_time, timeZone)]));
  const shown = events.filter((event) => inRange.has(dayOf.get(event.id)!));
  const userIds = people.map((person) => person.id);
  const isShownPerson = new Set(userIds);
  // Each person's events (also those just outside the range, for overlaps), by start.
  const eventsOf = groupBy(
    assignments.filter((row) => isShownPerson.has(row.user_id) && eventById.has(row.event_id)),
    (row) => row.user_id,
    (row) => eventById.get(row.event_id)!,
  );
  for (const list of eventsOf.values()) list.sort((a, b) => a.start_time.localeCompare(b.start_time) || a.id.localeCompare(b.id));
  const judged = assignments.filter((row) => isShownPerson.has(row.user_id) && inRange.has(dayOf.get(row.event_id) ?? ''));
  const judgedPeople = [...new Set(judged.map((row) => row.user_id))];
  // Working-time rules judge what is still to come: a started shift already counts by its records.
  const upcoming = judged.filter((row) => Date.parse(eventById.get(row.event_id)!.start_time) > now.getTime());

  const requirements = await eventRequirementsByEvent(deps.db, [...new Set(judged.map((row) => row.event_id))]);
  const [vacations, unavailability, qualificationFacts, planning] = await Promise.all([
    deps.findVacationConflicts(deps.db, company.id, userIds, days),
    findUnavailability({ db: deps.db, timeZone }, company.id, userIds, readFrom, readTo),
    readQualificationFacts(deps.db, company.id, judgedPeople, [...requirements.values()].flat()),
    upcoming.length === 0
      ? undefined
      : readPlanningContext({ db: deps.db, now, timeZone }, company.id, [...new Set(upcoming.map((row) => row.user_id))], rangeStart, rangeEnd),
  ]);
  const vacationDays = new Set(vacations.map((vacation) => `${vacation.userId}|${vacation.date}`));
  const unavailableOf = groupBy(unavailability, (slot) => slot.userId, (slot) => slot);
  const dayStarts = new Map(days.map((day) => [day, dayStartInstant(day, timeZone).getTime()]));
  const dayEnds = new Map(days.map((day, index) => [day, index + 1 < days.length ? dayStarts.get(days[index + 1]!)! : rangeEnd.getTime()]));
  /** The person's stretches that reach into `day`, clipped to it, in local wall-clock times. */
  const unavailableOn = (slots: readonly UnavailableSlot[], day: string) => {
    const [dayStart, dayEnd] = [dayStarts.get(day)!, dayEnds.get(day)!];
    return slots
      .filter((slot) => slot.start.getTime() < dayEnd && slot.end.getTime() > dayStart)
      .map((slot) => ({
        start: slot.start.getTime() <= dayStart ? '00:00' : formatTime(slot.start, timeZone),
        end: slot.end.getTime() >= dayEnd ? '24:00' : formatTime(slot.end, timeZone),
        description: slot.description,
      }));
  };

  // Each event's instants and local times once, not once per person on it (a month of a large company has thousands of shifts).
  const spanOf = new Map(events.map((event) => [event.id, { start: Date.parse(event.start_time), end: Date.parse(event.end_time) }]));
  const clockOf = new Map(events.map((event) => [event.id, { start: formatTime(event.start_time, timeZone), end: formatTime(event.end_time, timeZone) }]));
  const nowMs = now.getTime();

  const shiftOf = (userId: string, userName: string, event: RosterEventRow, mine: readonly RosterEventRow[]): RosterShift => {
    const day = dayOf.get(event.id)!;
    const span = spanOf.get(event.id)!;
    const conflicts: RosterConflict[] = [];
    // The person's events are by start: none after this one's end can share time with it.
    for (const other of mine) {
      const otherSpan = spanOf.get(other.id)!;
      if (otherSpan.start >= span.end) break;
      // The spans, parsed once per event: a month of a large company meets a quarter of a million pairs here.
      if (other.id !== event.id && intervalsOverlap(span, otherSpan)) {
        conflicts.push({ kind: 'overlap', message: doubleBookingMessage(userName, other.name, other.start_time, other.end_time, timeZone) });
      }
    }
    if (vacationDays.has(`${userId}|${day}`)) conflicts.push({ kind: 'vacation', message: ROSTER_VACATION_MESSAGE });
    // Once per stretch the shift touches (a shift across midnight may meet two).
    for (const slot of unavailableOf.get(userId) ?? []) {
      if (slot.start.getTime() < span.end && slot.end.getTime() > span.start) conflicts.push({ kind: 'unavailable', message: rosterUnavailableMessage(slot.description) });
    }
    if (planning && span.start > nowMs) {
      const occurrence = { start: new Date(span.start), end: new Date(span.end) };
      for (const warning of personWarnings(planning, userId, [occurrence], event.id)) conflicts.push({ kind: 'rest', message: warning.message });
    }
    for (const problem of judgeQualifications(qualificationFacts, { userIds: [userId], days: [day], eventTypeIds: requirements.get(event.id) ?? [] })) {
      conflicts.push({ kind: 'qualification', message: problem.message });
    }
    return { eventId: event.id, name: event.name, startTime: event.start_time, endTime: event.end_time, ...clockOf.get(event.id)!, pending: pendingKeys.has(`${event.id}|${userId}`), conflicts };
  };

  const employees = people.map((person) => {
    const mine = eventsOf.get(person.id) ?? [];
    const byDay = groupBy(
      mine.filter((event) => inRange.has(dayOf.get(event.id)!)),
      (event) => dayOf.get(event.id)!,
      (event) => shiftOf(person.id, person.name, event, mine),
    );
    const cells: RosterCell[] = days.map((date) => ({
      date,
      shifts: byDay.get(date) ?? [],
      vacation: vacationDays.has(`${person.id}|${date}`),
      unavailable: unavailableOn(unavailableOf.get(person.id) ?? [], date),
    }));
    return { userId: person.id, name: person.name, categoryIds: person.categoryIds, cells };
  });

  // Events have no number of places yet (open shifts, item 3, will add one): every event of the
  // range that has not ended takes people. A capacity would filter here.
  const assignedTo = groupBy(assignments, (row) => row.event_id, (row) => row.user_id);
  const openEvents: RosterOpenEvent[] = shown
    .filter((event) => spanOf.get(event.id)!.end > nowMs)
    .map((event) => ({
      id: event.id,
      name: event.name,
      location: event.location,
      date: dayOf.get(event.id)!,
      startTime: event.start_time,
      endTime: event.end_time,
      ...clockOf.get(event.id)!,
      assignedEmployees: assignedTo.get(event.id) ?? [],
    }));

  return { companyId: company.id, from: query.from, to: query.to, days, today: dayKeyOf(now, timeZone), categories, employees, openEvents };
}

/**
 * 'Copiar semana' (decision 045). Events are one-off rows, so a week's pattern is its assignments:
 * each person on an event of the 7 days from `from` is assigned to the event of the same name and
 * the same local start and end times 7 days later, when the company has one. Each assignment goes
 * through the events' own assignment (its rules, its log and notifications), one at a time: what
 * the rules refuse (a vacation, a double booking, a working-time warning, a refused qualification)
 * is reported with their message and the rest is still copied.
 */
export async function copyWeek(deps: EventsDeps, actor: Actor, input: CopyWeekRequest): Promise<CopyWeekResponse> {
  const company = await resolveManagedCompanyToChange(deps.db, actor, input.companyId, ROSTER_OTHER_COMPANY_MESSAGE);
  const { employees: everyone, categories } = await listAssignableEmployees(deps, actor, { companyId: company.id });
  if (input.categoryId !== undefined && !categories.some((category) => category.id === input.categoryId)) throw unprocessable(ROSTER_CATEGORY_MESSAGE);
  const people = new Map(everyone.filter((person) => input.categoryId === undefined || person.categoryIds.includes(input.categoryId)).map((person) => [person.id, person]));
  const { timeZone } = deps;
  const sourceDays = daysOf(input.from, shiftDay(input.from, 6));
  const start = dayStartInstant(input.from, timeZone);
  const end = dayStartInstant(shiftDay(input.from, 14), timeZone);
  const [events, assignments] = await Promise.all([listEventsBetween(deps.db, company.id, start, end), listAssignmentsBetween(deps.db, company.id, start, end)]);
  const dayOf = new Map(events.map((event) => [event.id, dayKeyOf(event.start_time, timeZone)]));
  const assignedTo = groupBy(assignments, (row) => row.event_id, (row) => row.user_id);
  const times = (event: RosterEventRow) => ({ start: formatTime(event.start_time, timeZone), end: formatTime(event.end_time, timeZone) });
  const keyOf = (event: RosterEventRow, day: string) => {
    const { start: from, end: to } = times(event);
    return `${day}|${from}|${to}|${event.name}`;
  };
  const inSource = new Set(sourceDays);
  const targets = groupBy(
    events.filter((event) => !inSource.has(dayOf.get(event.id)!)),
    (event) => keyOf(event, dayOf.get(event.id)!),
    (event) => event,
  );
  const sources = events
    .filter((event) => inSource.has(dayOf.get(event.id)!))
    .flatMap((event) => (assignedTo.get(event.id) ?? []).filter((userId) => people.has(userId)).map((userId) => ({ event, userId })));

  const copied: CopiedAssignment[] = [];
  const notCopied: CopiedAssignment[] = [];
  let alreadyAssigned = 0;
  for (const { event, userId } of sources) {
    const day = dayOf.get(event.id)!;
    const item = { userId, userName: people.get(userId)!.name, eventName: event.name, date: day, ...times(event) };
    const candidates = targets.get(keyOf(event, shiftDay(day, 7))) ?? [];
    if (candidates.length === 0) {
      notCopied.push({ ...item, message: NO_MATCHING_EVENT_MESSAGE });
      continue;
    }
    if (candidates.some((candidate) => (assignedTo.get(candidate.id) ?? []).includes(userId))) {
      alreadyAssigned += 1;
      continue;
    }
    const target = candidates[0]!;
    const current = assignedTo.get(target.id) ?? [];
    try {
      const saved = await assignEmployees(deps, actor, target.id, [...current, userId], false, 'roster');
      assignedTo.set(target.id, [...current, userId]);
      copied.push({ ...item, message: saved.qualificationWarnings?.map((warning) => warning.message).join(' ') || null });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      notCopied.push({ ...item, message: error.message });
    }
  }
  return { copied, notCopied, alreadyAssigned };
}

/** 'Imprimir semana': the roster of the 7 days from `from`, as a PDF to print (decision 045). */
export async function printRosterWeek(deps: EventsDeps, actor: Actor, query: RosterPdfQuery): Promise<{ fileName: string; bytes: Uint8Array }> {
  const company = await resolveManagedCompany(deps.db, actor, query.companyId);
  const roster = await getRoster(deps, actor, { from: query.from, to: shiftDay(query.from, 6), categoryId: query.categoryId, companyId: company.id });
  const categoryName = query.categoryId === undefined ? null : (roster.categories.find((category) => category.id === query.categoryId)?.name ?? null);
  const bytes = await renderRosterPdf({ companyName: company.name, categoryName, roster, generatedAt: deps.clock(), timeZone: deps.timeZone });
  return { fileName: `cuadrante-${query.from}.pdf`, bytes };
}
