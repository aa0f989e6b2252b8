import { dayKeyOf } from '@jornada/shared/events';
import { findUnavailableDuring } from '../availability/availability.service';
import type { EventsDeps } from '../events/event-access';
import { findDoubleBookings } from '../events/events.service';
import { eventRequirementTypeIds, judgeQualifications, readQualificationFacts } from '../qualifications/qualifications.service';
import { staffOf, type SwapEventRow } from './shift-swaps.repository';

export const NOT_IN_CATEGORY_MESSAGE = 'No tiene ninguna de las categorías del turno.';
export const ALREADY_ON_EVENT_MESSAGE = 'Ya está asignado a este evento.';
export const OVERLAP_MESSAGE = 'Tiene otro evento a la misma hora.';
export const VACATION_MESSAGE = 'Está de vacaciones ese día.';
export const UNAVAILABLE_MESSAGE = 'Ha indicado que no puede trabajar a esa hora.';

export interface SwapCandidate {
  id: string;
  name: string;
  categoryIds: readonly string[];
}

export interface EligibilityQuestion {
  companyId: string;
  event: SwapEventRow;
  /** The categories the place needs: its current holder's (decision 052); empty takes anyone. */
  categoryIds: readonly string[];
  people: readonly SwapCandidate[];
  /** In a swap, the event each person gives up in exchange: it does not count as a clash. */
  givingUp?: ReadonlyMap<string, string>;
}

/**
 * Decision 052: who may take a place, by the same rules as an assignment, read once for everyone:
 * a category the place needs, the required qualifications valid on the event's day (decision 042),
 * no other event at the same time (decision 029), no confirmed vacation that day, no unavailability
 * during it (decision 044). Person id → the first reason they may not, or null when they may.
 */
export async function judgeEligibility(deps: EventsDeps, question: EligibilityQuestion): Promise<Map<string, string | null>> {
  const { companyId, event } = question;
  const ids = question.people.map((person) => person.id);
  const verdicts = new Map<string, string | null>();
  if (ids.length === 0) return verdicts;
  const day = dayKeyOf(event.start_time, deps.timeZone);
  const occurrence = { start: new Date(event.start_time), end: new Date(event.end_time) };
  const typeIds = await eventRequirementTypeIds(deps.db, event.id);
  const [staff, facts, bookings, vacations, unavailable] = await Promise.all([
    staffOf(deps.db, event.id),
    readQualificationFacts(deps.db, companyId, ids, typeIds),
    findDoubleBookings(deps.db, { companyId, userIds: ids, occurrences: [occurrence], excludeEventId: event.id }),
    deps.findVacationConflicts(deps.db, companyId, ids, [day]),
    findUnavailableDuring(deps, companyId, ids, [occurrence]),
  ]);
  const needed = new Set(question.categoryIds);
  const clashing = new Set(bookings.filter((slot) => question.givingUp?.get(slot.userId) !== slot.eventId).map((slot) => slot.userId));
  const onVacation = new Set(vacations.map((vacation) => vacation.userId));
  const busy = new Set(unavailable.map((found) => found.userId));
  for (const person of question.people) {
    let reason: string | null = null;
    if (staff.has(person.id)) reason = ALREADY_ON_EVENT_MESSAGE;
    else if (needed.size > 0 && !person.categoryIds.some((id) => needed.has(id))) reason = NOT_IN_CATEGORY_MESSAGE;
    else if (clashing.has(person.id)) reason = OVERLAP_MESSAGE;
    else if (onVacation.has(person.id)) reason = VACATION_MESSAGE;
    else if (busy.has(person.id)) reason = UNAVAILABLE_MESSAGE;
    else {
      const problem = judgeQualifications(facts, { userIds: [person.id], days: [day], eventTypeIds: typeIds })[0];
      if (problem) reason = problem.message;
    }
    verdicts.set(person.id, reason);
  }
  return verdicts;
}
