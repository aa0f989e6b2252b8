import type { Kysely } from 'kysely';
import { monthKeyOf, monthRange } from '@jornada/shared/format';
import type { DB } from '../../db/schema';
import { enqueueJob } from '../../jobs/job-queue';
import type { JobHandler } from '../../jobs/job-queue';
import { registroReady } from '../notifications/notification-messages';
import { notify } from '../notifications/notify';
import { alreadyTold } from '../notifications/recipients';
import { workersWithRecords } from './reminders.repository';

/**
 * Issue 23, item 5: on the 1st, each person with records in the month just closed hears that its
 * registro is ready to sign. One job per month, at 09:00 of the 1st in the company's time zone (a
 * reminder at midnight would wake people); its handler schedules the next month's, and every server
 * seeds the coming one at start in case the chain broke (a dead job, a fresh database).
 *
 * The job's id is the month's ('job_registro-ready_2026-11'): the primary key is the unique key, so
 * two servers seeding at once, or a handler re-run, leave one job per month (enqueueJob's fixed id).
 */
export const REGISTRO_READY_JOB = 'reminder.registro-ready';
const READY_HOUR_MS = 9 * 3_600_000;

interface RegistroReady {
  /** The month to sign, 'yyyy-MM'. */
  month: string;
}

export function nextMonthKey(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

function previousMonthKey(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

/** 09:00 on the 1st after `month`, in the time zone (the 1st is never a day the clocks change). */
export function readyAt(month: string, timeZone: string): Date {
  return new Date(monthRange(month, timeZone).end.getTime() + READY_HOUR_MS);
}

async function scheduleMonth(db: Kysely<DB>, now: Date, month: string, timeZone: string): Promise<void> {
  await enqueueJob(db, now, { id: `job_registro-ready_${month}`, kind: REGISTRO_READY_JOB, payload: { month } satisfies RegistroReady, runAt: readyAt(month, timeZone) });
}

/** At server start: the coming 1st's job, unless it exists (then nothing, on any number of servers). */
export async function seedRegistroReady(db: Kysely<DB>, now: Date, timeZone: string): Promise<void> {
  const current = monthKeyOf(now, timeZone);
  // On the 1st before 09:00 the month just closed has not been announced yet.
  const previous = previousMonthKey(current);
  await scheduleMonth(db, now, now.getTime() < readyAt(previous, timeZone).getTime() ? previous : current, timeZone);
}

function isRegistroReady(payload: unknown): payload is RegistroReady {
  return typeof payload === 'object' && payload !== null && /^\d{4}-\d{2}$/.test(String((payload as RegistroReady).month));
}

export function registroReadyHandler(timeZone: string): JobHandler {
  return async (payload, { db, clock }) => {
    if (!isRegistroReady(payload)) return;
    const now = clock();
    const range = monthRange(payload.month, timeZone);
    const workers = await workersWithRecords(db, range.start.toISOString(), range.end.toISOString());
    const byCompany = new Map<string, string[]>();
    for (const row of workers) {
      const people = byCompany.get(row.company_id) ?? [];
      people.push(row.user_id);
      byCompany.set(row.company_id, people);
    }
    const message = registroReady(payload.month);
    await db.transaction().execute(async (trx) => {
      await scheduleMonth(trx, now, nextMonthKey(payload.month), timeZone);
      for (const [companyId, userIds] of byCompany) {
        const told = await alreadyTold(trx, companyId, userIds, message);
        const recipients = userIds.filter((userId) => !told.has(userId));
        if (recipients.length > 0) await notify(trx, { companyId, recipients, message, at: now });
      }
    });
  };
}
