import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { enqueueJob } from '../../jobs/job-queue';
import type { JobHandler } from '../../jobs/job-queue';
import { clockOutReminder, openClockInsAlert, shiftReminder } from '../notifications/notification-messages';
import { notify, type NotificationMessage } from '../notifications/notify';
import { alreadyTold, companySupervisorIds } from '../notifications/recipients';
import { assigneesWithoutRecord, findEvent, openRecordsOf, type ReminderEvent } from './reminders.repository';

/**
 * Issue 23, item 5: the shift reminders, as scheduled jobs computed from the data (decision 033).
 * Each event, when it is created or its start or end moves, gets a job row at start − 60 min
 * ('event.reminder', whoever has not clocked in) and one at end + 30 min ('time-record.open', whoever
 * is still clocked in); the latter, finding someone, schedules the supervisors' alert at end + 90 min.
 *
 * A job carries the instant it was scheduled for and compares it with the event as it is when it
 * runs: a moved event's old job finds a mismatch and does nothing (the move scheduled a new one), a
 * deleted event finds nothing, someone unassigned or clocked in meanwhile is not told. Its id is
 * derived from (event, instant), so an event moved away and back has one job for that instant, and
 * a re-run (at-least-once delivery) skips whoever already holds the same notification.
 */
export const SHIFT_REMINDER_JOB = 'reminder.shift-start';
export const CLOCK_OUT_REMINDER_JOB = 'reminder.clock-out';
export const OPEN_CLOCK_INS_ALERT_JOB = 'reminder.open-clock-ins';

const MIN = 60_000;
export const SHIFT_REMINDER_LEAD_MS = 60 * MIN;
export const CLOCK_OUT_REMINDER_DELAY_MS = 30 * MIN;
export const OPEN_CLOCK_INS_ALERT_DELAY_MS = 90 * MIN;

interface EventAt {
  eventId: string;
  /** The event's start (shift reminder) or end (clock-out reminders) the job was scheduled for. */
  at: string;
}

const iso = (instant: Date | string) => new Date(instant).toISOString();
const jobId = (kind: string, payload: EventAt) => `job_${kind}_${payload.eventId}_${Date.parse(payload.at)}`;

async function schedule(db: Kysely<DB>, now: Date, kind: string, payload: EventAt, runAt: Date): Promise<void> {
  await enqueueJob(db, now, { id: jobId(kind, payload), kind, payload, runAt });
}

/**
 * Call in the transaction that creates an event or moves it: `startTime` when the start is new,
 * `endTime` when the end is new (an edit, 'Finalizar ahora'). A reminder whose time has passed is
 * not scheduled (an event created 20 minutes before it starts: its assignment notice says enough).
 */
export async function scheduleShiftReminders(db: Kysely<DB>, now: Date, events: readonly { id: string; startTime?: string; endTime?: string }[]): Promise<void> {
  for (const event of events) {
    if (event.startTime !== undefined) {
      const runAt = new Date(Date.parse(event.startTime) - SHIFT_REMINDER_LEAD_MS);
      if (runAt.getTime() > now.getTime()) await schedule(db, now, SHIFT_REMINDER_JOB, { eventId: event.id, at: iso(event.startTime) }, runAt);
    }
    if (event.endTime !== undefined) {
      const runAt = new Date(Date.parse(event.endTime) + CLOCK_OUT_REMINDER_DELAY_MS);
      if (runAt.getTime() > now.getTime()) await schedule(db, now, CLOCK_OUT_REMINDER_JOB, { eventId: event.id, at: iso(event.endTime) }, runAt);
    }
  }
}

function isEventAt(payload: unknown): payload is EventAt {
  return typeof payload === 'object' && payload !== null && typeof (payload as EventAt).eventId === 'string' && typeof (payload as EventAt).at === 'string';
}

/** The event as it is now, if the job's instant still matches its start or end. */
async function currentEvent(db: Kysely<DB>, payload: unknown, field: 'start_time' | 'end_time'): Promise<ReminderEvent | undefined> {
  if (!isEventAt(payload)) return undefined;
  const event = await findEvent(db, payload.eventId);
  return event && iso(event[field]) === payload.at ? event : undefined;
}

/** Tells those of `userIds` not yet told this same message; in one transaction with `alsoInTrx`. */
async function tellOnce(db: Kysely<DB>, event: ReminderEvent, userIds: readonly string[], message: NotificationMessage, at: Date, alsoInTrx?: (trx: Kysely<DB>) => Promise<void>) {
  const told = await alreadyTold(db, event.company_id, userIds, message);
  const recipients = userIds.filter((userId) => !told.has(userId));
  await db.transaction().execute(async (trx) => {
    if (recipients.length > 0) await notify(trx, { companyId: event.company_id, recipients, message, at });
    await alsoInTrx?.(trx);
  });
}

const factsOf = (event: ReminderEvent, timeZone: string) => ({ name: event.name, location: event.location, start: event.start_time, end: event.end_time, timeZone });

export function shiftReminderHandler(timeZone: string): JobHandler {
  return async (payload, { db, clock }) => {
    const event = await currentEvent(db, payload, 'start_time');
    const now = clock();
    // Run late (the servers were down) past the start: the no-show check speaks instead.
    if (!event || Date.parse(event.start_time) <= now.getTime()) return;
    const missing = await assigneesWithoutRecord(db, event.id);
    if (missing.length > 0) await tellOnce(db, event, missing, shiftReminder(factsOf(event, timeZone)), now);
  };
}

export function clockOutReminderHandler(timeZone: string): JobHandler {
  return async (payload, { db, clock }) => {
    const event = await currentEvent(db, payload, 'end_time');
    if (!event) return;
    const open = await openRecordsOf(db, event.id);
    if (open.length === 0) return;
    const now = clock();
    const alertAt = new Date(Date.parse(event.end_time) + OPEN_CLOCK_INS_ALERT_DELAY_MS);
    await tellOnce(db, event, open.map((record) => record.user_id), clockOutReminder(factsOf(event, timeZone)), now, (trx) =>
      schedule(trx, now, OPEN_CLOCK_INS_ALERT_JOB, { eventId: event.id, at: iso(event.end_time) }, alertAt),
    );
  };
}

export function openClockInsAlertHandler(timeZone: string): JobHandler {
  return async (payload, { db, clock }) => {
    const event = await currentEvent(db, payload, 'end_time');
    if (!event) return;
    const open = await openRecordsOf(db, event.id);
    if (open.length === 0) return;
    const names = open.map((record) => record.name).sort((a, b) => a.localeCompare(b, 'es'));
    const supervisors = await companySupervisorIds(db, event.company_id);
    await tellOnce(db, event, supervisors, openClockInsAlert(factsOf(event, timeZone), names), clock());
  };
}
