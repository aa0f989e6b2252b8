import type { Kysely } from 'kysely';
import { dayKeyOf } from '@jornada/shared/events';
import type { AccessRecord } from '@jornada/shared/schemas/access-links';
import { parseTimeRecordFlags } from '@jornada/shared/schemas/time-records';
import type { DB } from '../../db/schema';

/** A page of the view; downloads carry the whole range. */
export const ACCESS_PAGE_SIZE = 500;

export interface AccessRecordRow {
  id: string;
  user_id: string;
  start_time: string;
  end_time: string | null;
  duration: number | null;
  corrected: number;
  flags: string;
  worker_name: string | null;
  worker_username: string | null;
}

/** Whose records: one company (an access link, an archived company) or one worker (an archived user). */
export type RecordOwner = { companyId: string } | { userId: string };

/**
 * The time records of ONE company (or one worker) whose start lies in [start, end): the only data a link reaches.
 * The worker's name comes from the users row (kept for deleted users, decision on soft deletion)
 * or, once the user row is gone, from the legal archive. Keyset order (start_time, id) on the
 * (company_id, start_time, id) or (user_id, start_time, id) index. No locations, no events, no documents. Corrected records
 * carry their applied values and the flag; the originals stay in time_record_amendments.
 */
export async function listLegalRecords(
  db: Kysely<DB>,
  owner: RecordOwner,
  range: { start: string; end: string },
  page: { after?: readonly [string, string]; limit: number },
): Promise<AccessRecordRow[]> {
  const { after } = page;
  return db
    .selectFrom('time_records')
    .leftJoin('users', 'users.id', 'time_records.user_id')
    .leftJoin('legal_archive_subjects as archived', (join) =>
      join.onRef('archived.subject_id', '=', 'time_records.user_id').on('archived.kind', '=', 'user'),
    )
    .select((eb) => [
      'time_records.id',
      'time_records.user_id',
      'time_records.start_time',
      'time_records.end_time',
      'time_records.duration',
      'time_records.corrected',
      'time_records.flags',
      eb.fn.coalesce('users.name', 'archived.name').as('worker_name'),
      eb.fn.coalesce('users.username', 'archived.username').as('worker_username'),
    ])
    .$if('companyId' in owner, (q) => q.where('time_records.company_id', '=', 'companyId' in owner ? owner.companyId : ''))
    .$if('userId' in owner, (q) => q.where('time_records.user_id', '=', 'userId' in owner ? owner.userId : ''))
    .where('time_records.start_time', '>=', range.start)
    .where('time_records.start_time', '<', range.end)
    .$if(after !== undefined, (q) =>
      q.where((eb) => eb(eb.refTuple('time_records.start_time', 'time_records.id'), '>', eb.tuple(after![0], after![1]))),
    )
    .orderBy('time_records.start_time')
    .orderBy('time_records.id')
    .limit(page.limit + 1)
    .execute();
}

/** A record as a link or the archive shows it: no location, no event, the worker's name and username only. */
export function toAccessRecord(row: AccessRecordRow, timeZone: string): AccessRecord {
  return {
    id: row.id,
    workerName: row.worker_name ?? 'Usuario no encontrado',
    workerUsername: row.worker_username,
    day: dayKeyOf(row.start_time, timeZone),
    startTime: row.start_time,
    endTime: row.end_time,
    durationMinutes: row.duration,
    corrected: Number(row.corrected) !== 0,
    flags: parseTimeRecordFlags(row.flags),
  };
}
