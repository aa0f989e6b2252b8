import type { Kysely } from 'kysely';
import { dayKeyOf } from '@jornada/shared/events';
import { addDays, daysBetween, QUALIFICATION_REMINDER_DAYS } from '@jornada/shared/schemas/qualifications';
import type { DB } from '../../db/schema';
import { enqueueJob, type JobHandler } from '../../jobs/job-queue';
import { isUniqueViolation } from '../../lib/db-errors';
import { qualificationExpiring } from '../notifications/notification-messages';
import { notify } from '../notifications/notify';
import { companySupervisorIds } from '../notifications/recipients';
import * as repository from './qualifications.repository';

/**
 * Reminders 60, 30 and 7 days before a qualification expires (decision 042), to its holder and the
 * company's supervisors. As 'Cierre automático' (auto-clock-out.service.ts) a sweep job in `jobs`
 * runs every hour and schedules the next with the hour as its id, so any number of servers leave
 * one job per hour and a restart loses nothing. The chain stops while no qualification expires from
 * today on; saving one with an expiry starts it again.
 *
 * Each reminder is a row of `qualification_reminders` (qualification, expiry, days) inserted in the
 * transaction of its notifications: the primary key lets one server send it, once. A card recorded
 * 40 days before it expires gets the 60-day reminder (late) now, then the 30 and the 7; renewed (a new
 * expiry), it starts over.
 */
export const QUALIFICATION_EXPIRY_JOB = 'qualification.expiry-reminders';
export const QUALIFICATION_SWEEP_MS = 3_600_000;
/** Qualifications looked at per run; the rest wait for the next hour. */
const BATCH = 2000;

export const expirySweepJobId = (runAt: Date) => `job_qualification-expiry_${runAt.getTime()}`;

export async function scheduleExpirySweep(db: Kysely<DB>, now: Date): Promise<void> {
  const runAt = new Date((Math.floor(now.getTime() / QUALIFICATION_SWEEP_MS) + 1) * QUALIFICATION_SWEEP_MS);
  await enqueueJob(db, now, { id: expirySweepJobId(runAt), kind: QUALIFICATION_EXPIRY_JOB, runAt });
}

/** At server start: the next sweep, when some qualification still has an expiry ahead. */
export async function seedExpirySweep(db: Kysely<DB>, now: Date, timeZone: string): Promise<void> {
  if (await repository.anyExpiryAfter(db, dayKeyOf(now, timeZone))) await scheduleExpirySweep(db, now);
}

/** The reminder due with `daysLeft` to go: the smallest threshold not below it (none beyond 60). */
export function dueReminder(daysLeft: number): number | undefined {
  return [...QUALIFICATION_REMINDER_DAYS].sort((a, b) => a - b).find((days) => daysLeft <= days);
}

/** Sends every reminder due at `now`; answers how many went out. */
export async function sendExpiryReminders(db: Kysely<DB>, now: Date, timeZone: string): Promise<number> {
  const today = dayKeyOf(now, timeZone);
  const maxDays = Math.max(...QUALIFICATION_REMINDER_DAYS);
  let sent = 0;
  for (const row of await repository.listExpiringBetween(db, today, addDays(today, maxDays), BATCH)) {
    const expiresOn = row.expires_on!;
    const daysLeft = daysBetween(today, expiresOn);
    const days = dueReminder(daysLeft);
    if (days === undefined || (await repository.sentReminderDays(db, row.id, expiresOn)).includes(days)) continue;
    try {
      await db.transaction().execute(async (trx) => {
        await repository.insertReminder(trx, { qualificationId: row.id, expiresOn, days, at: now.toISOString() });
        const facts = { typeName: row.type_name, holderName: row.user_name, expiresOn, daysLeft };
        await notify(trx, { companyId: row.company_id, recipients: [row.user_id], message: qualificationExpiring(facts, true), at: now });
        const supervisors = (await companySupervisorIds(trx, row.company_id)).filter((id) => id !== row.user_id);
        await notify(trx, { companyId: row.company_id, recipients: supervisors, message: qualificationExpiring(facts, false), at: now });
      });
      sent += 1;
    } catch (error) {
      // Another server sent this one first.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return sent;
}

export function expiryRemindersHandler(timeZone: string): JobHandler {
  return async (_payload, { db, clock }) => {
    const now = clock();
    // The next run first, so a failure below never breaks the chain.
    if (!(await repository.anyExpiryAfter(db, dayKeyOf(now, timeZone)))) return;
    await scheduleExpirySweep(db, now);
    await sendExpiryReminders(db, now, timeZone);
  };
}
