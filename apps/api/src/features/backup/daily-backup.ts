import type { Kysely } from 'kysely';
import { instantFromLocalDateTime, nextPlainDay } from '@jornada/shared/format';
import type { DB } from '../../db/schema';
import { enqueueJob, type JobHandler } from '../../jobs/job-queue';
import type { ChainKeySettings } from '../../ledgers/registro-chain/chain-key';
import { formatBackup, makeBackup, pruneDailyBackups } from './backup.service';

/**
 * The server's own daily backup when BACKUP_DIR is set (SQLite only; docs/decisions/049). One job per
 * day, at 03:00 in the company time zone, with the day in its id ('job_backup-daily_2026-11-27'): the
 * primary key makes it unique however often it is seeded (every start) or re-run, like the monthly
 * registro reminder. The handler first schedules the next day's, then backs up and keeps the newest
 * BACKUP_KEEP daily copies. A server that starts after 03:00 on a day without one backs up at once.
 */
export const DAILY_BACKUP_JOB = 'backup.daily';
const BACKUP_TIME = '03:00';

interface DailyBackup {
  /** The local day, 'yyyy-MM-dd'. */
  day: string;
}

export interface DailyBackupSettings {
  databasePath: string;
  backupDir: string;
  keep: number;
  keySettings: ChainKeySettings;
  log: (line: string) => void;
}

function localDay(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function dailyBackupAt(day: string, timeZone: string): Date {
  return new Date(instantFromLocalDateTime(`${day}T${BACKUP_TIME}`, timeZone) as string);
}

async function scheduleDay(db: Kysely<DB>, now: Date, day: string, timeZone: string): Promise<void> {
  // Three tries (30 s, then 1 min later): a full disk is not fixed by retrying all day; tomorrow's is already scheduled.
  await enqueueJob(db, now, { id: `job_backup-daily_${day}`, kind: DAILY_BACKUP_JOB, payload: { day } satisfies DailyBackup, runAt: dailyBackupAt(day, timeZone), maxAttempts: 3 });
}

/** At server start (BACKUP_DIR set, SQLite): today's job, unless it exists. */
export async function seedDailyBackup(db: Kysely<DB>, now: Date, timeZone: string): Promise<void> {
  await scheduleDay(db, now, localDay(now, timeZone), timeZone);
}

function isDailyBackup(payload: unknown): payload is DailyBackup {
  return typeof payload === 'object' && payload !== null && /^\d{4}-\d{2}-\d{2}$/.test(String((payload as DailyBackup).day));
}

/**
 * `settings` undefined (BACKUP_DIR unset, or PostgreSQL): a job left from a run with backups does
 * nothing and schedules no next one.
 */
export function dailyBackupHandler(timeZone: string, settings: DailyBackupSettings | undefined): JobHandler {
  return async (payload, { db, clock }) => {
    if (!settings || !isDailyBackup(payload)) return;
    const now = clock();
    // A day missed while the server was down: no copy for it, today's instead (once, not one per day missed).
    const today = localDay(now, timeZone);
    if (payload.day < today) {
      await scheduleDay(db, now, today, timeZone);
      return;
    }
    await scheduleDay(db, now, nextPlainDay(payload.day), timeZone);
    const result = await makeBackup({ databasePath: settings.databasePath, backupDir: settings.backupDir, keySettings: settings.keySettings, now, daily: true });
    const removed = pruneDailyBackups(settings.backupDir, settings.keep);
    settings.log(`${formatBackup(result)}${removed.length > 0 ? `\nCopias diarias antiguas borradas (se conservan ${settings.keep}): ${removed.length}` : ''}`);
  };
}
