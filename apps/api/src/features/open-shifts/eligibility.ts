import { dayKeyOf } from '@jornada/shared/events';
import { formatDateTime } from '@jornada/shared/format';
import type { EventsDeps } from '../events/event-access';
import { findDoubleBookings } from '../events/events.service';
import { eventRequirementsByEvent, judgeQualifications, readQualificationFacts } from '../qualifications/qualifications.service';
import { findAssignmentWarnings } from '../registro/assignment-warnings';

export const VACATION_REASON = 'Estás de vacaciones ese día.';
export const busyReason = (eventName: string, start: string, timeZone: string) => `Tienes otro evento a la misma hora: «${eventName}» (${formatDateTime(start, timeZone)}).`;

export interface PlannedEvent {
  id: string;
  name: string;
  start: Date;
  end: Date;
}

/**
 * Decision 051: why the person may not take an open place of each event, or nothing when they may.
 * Stricter than a supervisor's assignment, which may be warned and confirmed: an employee cannot
 * acknowledge a rule, so a required qualification missing or not valid on the event's day, a
 * confirmed vacation that day, another event at the same time, a marked unavailability or a broken
 * working-time rule each keep the place from them. The same reads the assignment check makes.
 */
export async function findIneligibility(deps: EventsDeps, companyId: string, userId: string, events: readonly PlannedEvent[]): Promise<Map<string, string>> {
  const reasons = new Map<string, string>();
  if (events.length === 0) return reasons;
  const now = deps.clock();
  const requirements = await eventRequirementsByEvent(deps.db, events.map((event) => event.id));
  const facts = await readQualificationFacts(deps.db, companyId, [userId], [...new Set([...requirements.values()].flat())]);
  const days = events.map((event) => dayKeyOf(event.start, deps.timeZone));
  const vacationDays = new Set((await deps.findVacationConflicts(deps.db, companyId, [userId], [...new Set(days)])).map((found) => found.date));
  for (const [index, event] of events.entries()) {
    const day = days[index]!;
    if (vacationDays.has(day)) {
      reasons.set(event.id, VACATION_REASON);
      continue;
    }
    const problem = judgeQualifications(facts, { userIds: [userId], days: [day], eventTypeIds: requirements.get(event.id) ?? [] })[0];
    if (problem) {
      reasons.set(event.id, problem.message);
      continue;
    }
    const occurrences = [{ start: event.start, end: event.end }];
    const busy = (await findDoubleBookings(deps.db, { companyId, userIds: [userId], occurrences, excludeEventId: event.id }))[0];
    if (busy) {
      reasons.set(event.id, busyReason(busy.eventName, busy.start, deps.timeZone));
      continue;
    }
    const warning = (await findAssignmentWarnings({ db: deps.db, now, timeZone: deps.timeZone }, { companyId, eventName: event.name, userIds: [userId], occurrences, excludeEventId: event.id, acknowledged: false }))[0];
    if (warning) reasons.set(event.id, warning.message);
  }
  return reasons;
}
