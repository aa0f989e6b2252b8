import type { Kysely } from 'kysely';
import { durationMinutes, formatDuration, formatTime } from '@jornada/shared/format';
import { timeRecordFlagSchema, type TimeRecordFlag } from '@jornada/shared/schemas/time-records';
import type { DB } from '../../db/schema';
import { enqueueJob, type JobHandler } from '../../jobs/job-queue';
import { appendAction } from '../../ledgers/action-log/action-log';
import { appendChainEntry, timeRecordPayload } from '../../ledgers/registro-chain/registro-chain';
import { autoClockOutDone } from '../notifications/notification-messages';
import { notify } from '../notifications/notify';
import * as repository from './auto-clock-out.repository';

/**
 * Issue 24, item 5: 'Cierre automático'. Where a company has it on, a clock-in left open is closed at
 * its event's end (each day of a constant event is an event row of its own, so its end is that
 * day's) once the end plus the company's tolerance has passed: status 'completado', flag
 * 'cierre-automatico', sealed in the registro chain as a 'salida', logged, and the worker told.
 *
 * A sweep job does it, a row in `jobs` (docs/decisions/033), so a restart loses nothing. Each run
 * schedules the next one at the next minute boundary, with the boundary as the job's id: any number
 * of servers (each seeds it at start, an administrator's save seeds it too) leave one job per
 * minute, and the FOR UPDATE SKIP LOCKED claim runs it once. The chain stops by itself while no
 * company has the setting on (no row a minute for nothing) and the next save that turns it on
 * starts it again.
 *
 * Each record is closed in its own transaction, guarded by `status = 'activo'`: a clock-out, a
 * correction or another server that got there first leaves it alone. A re-run (at-least-once
 * delivery) finds nothing left to close.
 */
export const AUTO_CLOCK_OUT_SWEEP_JOB = 'time-record.auto-clock-out';
export const AUTO_CLOCK_OUT_SWEEP_MS = 60_000;
/** Records closed per company and run; the rest wait for the next minute. */
const BATCH = 200;
const FLAG: TimeRecordFlag = 'cierre-automatico';
const SYSTEM = 'Sistema';

/** The next sweep boundary strictly after `now`. */
export function nextSweepAt(now: Date): Date {
  return new Date((Math.floor(now.getTime() / AUTO_CLOCK_OUT_SWEEP_MS) + 1) * AUTO_CLOCK_OUT_SWEEP_MS);
}

export const sweepJobId = (runAt: Date) => `job_auto-clock-out_${runAt.getTime()}`;

/** Schedules the next sweep (nothing if it exists). Call in the transaction that wants it. */
export async function scheduleAutoClockOutSweep(db: Kysely<DB>, now: Date): Promise<void> {
  const runAt = nextSweepAt(now);
  await enqueueJob(db, now, { id: sweepJobId(runAt), kind: AUTO_CLOCK_OUT_SWEEP_JOB, runAt });
}

/** At server start: the next sweep, when some company has the setting on (in case the chain broke). */
export async function seedAutoClockOutSweep(db: Kysely<DB>, now: Date): Promise<void> {
  if ((await repository.listEnabledCompanies(db)).length > 0) await scheduleAutoClockOutSweep(db, now);
}

/** Flags as the record stores them (sorted, unique: the same set always seals the same text). */
export function withFlag(stored: string, flag: TimeRecordFlag): string {
  const flags = new Set(stored.split(',').filter((code) => timeRecordFlagSchema.safeParse(code).success));
  flags.add(flag);
  return [...flags].sort().join(',');
}

export interface ClosedRecord {
  id: string;
  userId: string;
  endTime: string;
}

/**
 * Closes one due record at its event's end (never later than now, never before its start); undefined
 * when it was no longer active.
 */
export async function autoCloseRecord(db: Kysely<DB>, record: repository.DueRecord, now: Date, timeZone: string): Promise<ClosedRecord | undefined> {
  const endMs = Math.max(Date.parse(record.startTime), Math.min(Date.parse(record.eventEnd), now.getTime()));
  const endTime = new Date(endMs).toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await repository.completeIfActive(trx, { id: record.id, endTime });
    if (!row) return undefined;
    const duration = durationMinutes(row.start_time, endTime);
    const closed = { ...row, duration, flags: withFlag(row.flags, FLAG) };
    const hash = await appendChainEntry(trx, { companyId: row.company_id, kind: 'fichaje', action: 'salida', subjectId: row.id, payload: timeRecordPayload(closed), at: now });
    await repository.finishClosing(trx, { id: row.id, duration, flags: closed.flags, hash });
    const workerName = await repository.findUserName(trx, row.user_id);
    await appendAction(trx, {
      actorId: null,
      actorName: SYSTEM,
      companyId: row.company_id,
      kind: 'time-record.auto-close',
      message: `${SYSTEM} ha cerrado automáticamente el turno de ${workerName} en «${record.eventName}» a las ${formatTime(endTime, timeZone)} (${formatDuration(duration)})`,
      at: now,
    });
    await notify(trx, { companyId: row.company_id, recipients: [row.user_id], message: autoClockOutDone(record.eventName, endTime, timeZone), at: now });
    return { id: row.id, userId: row.user_id, endTime };
  });
}

/** Closes every due record of every company with the setting on; answers what it closed. */
export async function closeDueRecords(db: Kysely<DB>, now: Date, timeZone: string): Promise<ClosedRecord[]> {
  const closed: ClosedRecord[] = [];
  const failures: unknown[] = [];
  for (const company of await repository.listEnabledCompanies(db)) {
    const endedBy = new Date(now.getTime() - company.toleranceMin * 60_000).toISOString();
    for (const record of await repository.listDueRecords(db, company.companyId, endedBy, BATCH)) {
      try {
        const done = await autoCloseRecord(db, record, now, timeZone);
        if (done) closed.push(done);
      } catch (error) {
        // One record that cannot be closed does not hold back the others.
        failures.push(error);
      }
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} fichaje(s) no se pudieron cerrar automáticamente`);
  return closed;
}

export function autoClockOutSweepHandler(timeZone: string): JobHandler {
  return async (_payload, { db, clock }) => {
    const now = clock();
    // The next run first, so a failure below never breaks the chain of sweeps.
    if ((await repository.listEnabledCompanies(db)).length === 0) return;
    await scheduleAutoClockOutSweep(db, now);
    await closeDueRecords(db, now, timeZone);
  };
}
