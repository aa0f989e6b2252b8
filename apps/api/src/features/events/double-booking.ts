import type { Kysely } from 'kysely';
import type { Occurrence } from '@jornada/shared/events';
import { doubleBookingMessage } from '@jornada/shared/double-booking';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { listAssignedSlotsBetween, type AssignedSlot } from './overlapping-assignments.repository';

/** At most this many double bookings travel in one refusal. */
export const MAX_LISTED_DOUBLE_BOOKINGS = 50;

export interface DoubleBookingCheck {
  companyId: string;
  userIds: readonly string[];
  /** The planned occurrences (one, or one per day of a constant event). */
  occurrences: readonly Occurrence[];
  /** The event being edited: it never conflicts with itself. */
  excludeEventId?: string;
}

/** The index of the first occurrence (sorted by start, never overlapping each other) ending after `instant`. */
function firstEndingAfter(occurrences: readonly Occurrence[], instant: number): number {
  let [low, high] = [0, occurrences.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (occurrences[middle]!.end.getTime() > instant) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * Issue 21 item 2 (decision 029): the people's other events that share time with a planned
 * occurrence. Touching ends (10:00–14:00 then 14:00–18:00) are not a double booking.
 */
export async function findDoubleBookings(db: Kysely<DB>, check: DoubleBookingCheck): Promise<AssignedSlot[]> {
  const userIds = [...new Set(check.userIds)];
  if (userIds.length === 0 || check.occurrences.length === 0) return [];
  const occurrences = [...check.occurrences].sort((a, b) => a.start.getTime() - b.start.getTime());
  const from = occurrences[0]!.start;
  const to = new Date(Math.max(...occurrences.map((occurrence) => occurrence.end.getTime())));
  const slots = await listAssignedSlotsBetween(db, { companyId: check.companyId, userIds, from, to, excludeEventId: check.excludeEventId });
  return slots.filter((slot) => {
    const occurrence = occurrences[firstEndingAfter(occurrences, Date.parse(slot.start))];
    return occurrence !== undefined && occurrence.start.getTime() < Date.parse(slot.end);
  });
}

/** Refuses a double booking with 422 DOUBLE_BOOKING naming the person and their other event. */
export async function refuseDoubleBookings(db: Kysely<DB>, timeZone: string, check: DoubleBookingCheck): Promise<void> {
  const found = await findDoubleBookings(db, check);
  const first = found[0];
  if (!first) return;
  throw new AppError(422, 'DOUBLE_BOOKING', doubleBookingMessage(first.userName, first.eventName, first.start, first.end, timeZone), {
    conflicts: found.slice(0, MAX_LISTED_DOUBLE_BOOKINGS).map((slot) => ({
      userId: slot.userId,
      userName: slot.userName,
      eventId: slot.eventId,
      eventName: slot.eventName,
      date: slot.start,
      endDate: slot.end,
    })),
    conflictCount: found.length,
  });
}
