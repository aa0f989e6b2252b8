import type { Kysely } from 'kysely';
import { formatTime } from '@jornada/shared/format';
import { LIVE_GRACE_MINUTES } from '@jornada/shared/schemas/live';
import type { DB } from '../../db/schema';
import { roleIdsWithBase } from '../../db/tenant-lookups';
import { enqueueJob } from '../../jobs/job-queue';
import type { JobHandler } from '../../jobs/job-queue';
import { notify } from '../notifications/notify';
import { listAssignees, listEventRecords } from './live.repository';

/**
 * Issue 21, item 13: the supervisors hear of a no-show, 'Ahora''s 'No presentado', when it happens.
 * Each event, when it is created or its start moves, gets one scheduled job at its start plus the
 * grace period (a row in `jobs`, so a restart loses nothing). The job looks at the event as it is
 * then: deleted, moved (a newer job covers the new start) or everyone clocked in, it does nothing.
 */
export const NO_SHOW_CHECK_JOB = 'live.no-show-check';
const GRACE_MS = LIVE_GRACE_MINUTES * 60_000;

interface NoShowCheck {
  eventId: string;
  /** The start the check was scheduled for; a moved event has a newer check. */
  startTime: string;
}

/** Schedules the no-show check of each event; one whose grace period has already passed gets none. */
export async function scheduleNoShowChecks(db: Kysely<DB>, now: Date, events: readonly { id: string; startTime: string }[]): Promise<void> {
  for (const event of events) {
    const runAt = new Date(Date.parse(event.startTime) + GRACE_MS);
    if (runAt.getTime() <= now.getTime()) continue;
    await enqueueJob(db, now, { kind: NO_SHOW_CHECK_JOB, runAt, payload: { eventId: event.id, startTime: new Date(event.startTime).toISOString() } satisfies NoShowCheck });
  }
}

function isNoShowCheck(payload: unknown): payload is NoShowCheck {
  return typeof payload === 'object' && payload !== null && typeof (payload as NoShowCheck).eventId === 'string' && typeof (payload as NoShowCheck).startTime === 'string';
}

export function noShowCheckHandler(timeZone: string): JobHandler {
  return async (payload, { db, clock }) => {
    if (!isNoShowCheck(payload)) return;
    const event = await db.selectFrom('events').select(['id', 'company_id', 'name', 'start_time', 'end_time']).where('id', '=', payload.eventId).executeTakeFirst();
    if (!event || new Date(event.start_time).toISOString() !== payload.startTime) return;
    const now = clock();
    if (Date.parse(event.end_time) <= now.getTime() - GRACE_MS) return;
    const [assignees, records] = await Promise.all([listAssignees(db, [event.id]), listEventRecords(db, [event.id])]);
    const came = new Set(records.map((record) => record.user_id));
    const missing = assignees.filter((person) => !came.has(person.user_id));
    if (missing.length === 0) return;
    const supervisors = await db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', event.company_id)
      .where('role_id', 'in', roleIdsWithBase(db, ['Supervisor']))
      .where('is_deleted', '=', 0)
      .execute();
    const names = missing.map((person) => person.name).sort((a, b) => a.localeCompare(b, 'es'));
    const body =
      names.length === 1
        ? `${names[0]} no ha fichado en «${event.name}», que empezó a las ${formatTime(event.start_time, timeZone)}.`
        : `${names.join(', ')} no han fichado en «${event.name}», que empezó a las ${formatTime(event.start_time, timeZone)}.`;
    // A check scheduled twice for one start (an event moved away and back) tells the supervisors once.
    const told = await db.selectFrom('notifications').select('id').where('company_id', '=', event.company_id).where('kind', '=', 'live.no-show').where('body', '=', body).executeTakeFirst();
    if (told) return;
    await db.transaction().execute((trx) =>
      notify(trx, {
        companyId: event.company_id,
        recipients: supervisors.map((supervisor) => supervisor.id),
        message: { kind: 'live.no-show', title: names.length === 1 ? 'No presentado' : 'No presentados', body, link: '/dashboard/live' },
        at: now,
      }),
    );
  };
}
