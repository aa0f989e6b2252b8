import { calendarDaysSpanned, dayKeyOf, expandConstantEvent, MAX_CONSTANT_EVENT_DAYS, type Occurrence } from '@jornada/shared/events';
import {
  MAX_LISTED_AVAILABILITY_ITEMS,
  type AssigneeAvailability,
  type AssigneeAvailabilityInput,
  type AssigneeAvailabilityResponse,
} from '@jornada/shared/schemas/assignee-availability';
import { CONSTANT_SPAN_MESSAGE } from '@jornada/shared/schemas/events';
import type { Actor } from '../../lib/authorization';
import { badRequest } from '../../lib/errors';
import { findAssignmentWarnings } from '../registro/assignment-warnings';
import { findDoubleBookings } from './double-booking';
import { requireEventManager, requireVisibleEvent, type EventsDeps } from './event-access';
import { listAssignableUsers } from './event-assignments.repository';
import { resolveEventCompany } from './events.service';

/** The planned occurrences as the form has them; a constant event with no matching day has none. */
function plannedOccurrences(query: AssigneeAvailabilityInput, timeZone: string): Occurrence[] {
  const [start, end] = [new Date(query.date), new Date(query.endDate)];
  if (query.type === 'momentary') return [{ start, end }];
  if (calendarDaysSpanned(start, end, timeZone) > MAX_CONSTANT_EVENT_DAYS) throw badRequest(CONSTANT_SPAN_MESSAGE);
  return expandConstantEvent({ start, end, repeatDays: query.repeatDays }, timeZone);
}

function group<T extends { userId: string }>(items: readonly T[]): Map<string, T[]> {
  const byUser = new Map<string, T[]>();
  for (const item of items) byUser.set(item.userId, [...(byUser.get(item.userId) ?? []), item]);
  return byUser;
}

/**
 * Issue 21 item 9: for the assign-employees picker, each assignable person of the event's company
 * with what the server would say on saving: a confirmed vacation on a planned start day (refused),
 * other events at the same time (refused: double booking) and the working-time rules the
 * assignment would break (a warning to confirm). Nobody is hidden: the picker shows the state and
 * the server's rules decide on saving. The same reads as the save, for the whole company at once.
 */
export async function listAssigneeAvailability(deps: EventsDeps, actor: Actor, query: AssigneeAvailabilityInput): Promise<AssigneeAvailabilityResponse> {
  const scope = requireEventManager(actor);
  // The company first: another company's id is refused like on the other event routes (422).
  let requested = query.companyId;
  // An administrator editing without naming the company: the event's own (404 when there is none).
  if (requested === undefined && scope.kind !== 'company' && query.eventId !== undefined) {
    requested = (await requireVisibleEvent(deps.db, { scope }, query.eventId)).company_id;
  }
  const companyId = await resolveEventCompany(deps.db, scope, requested);
  const edited = query.eventId === undefined ? undefined : await requireVisibleEvent(deps.db, { scope: { kind: 'company', companyId } }, query.eventId);

  const { users } = await listAssignableUsers(deps.db, { kind: 'company', companyId });
  const userIds = users.map((user) => user.id);
  const occurrences = plannedOccurrences(query, deps.timeZone);
  const startDays = [...new Set(occurrences.map((occurrence) => dayKeyOf(occurrence.start, deps.timeZone)))];
  const [vacations, bookings, warnings] = await Promise.all([
    deps.findVacationConflicts(deps.db, companyId, userIds, startDays),
    findDoubleBookings(deps.db, { companyId, userIds, occurrences, excludeEventId: edited?.id }),
    findAssignmentWarnings({ db: deps.db, now: deps.clock(), timeZone: deps.timeZone }, {
      companyId,
      eventName: '',
      userIds,
      occurrences,
      excludeEventId: edited?.id,
      acknowledged: false,
    }),
  ]);
  const [vacationsOf, bookingsOf, warningsOf] = [group(vacations), group(bookings), group(warnings)];
  // A constant event's warnings say on which of its days.
  const warningText = (warning: (typeof warnings)[number]) => (startDays.length > 1 ? `${warning.day.split('-').reverse().join('/')}: ${warning.message}` : warning.message);
  const employees: AssigneeAvailability[] = users.map((user) => {
    const busy = bookingsOf.get(user.id) ?? [];
    const broken = warningsOf.get(user.id) ?? [];
    return {
      userId: user.id,
      vacationDays: [...new Set((vacationsOf.get(user.id) ?? []).map((vacation) => vacation.date))].sort(),
      busy: busy.slice(0, MAX_LISTED_AVAILABILITY_ITEMS).map((slot) => ({ eventId: slot.eventId, eventName: slot.eventName, date: slot.start, endDate: slot.end })),
      busyCount: busy.length,
      warnings: broken.slice(0, MAX_LISTED_AVAILABILITY_ITEMS).map(warningText),
      warningCount: broken.length,
    };
  });
  return { employees };
}
