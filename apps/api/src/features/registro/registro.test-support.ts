import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { newId } from '../../lib/ids';

/** A record written straight to the table (the clock-in's rules are not under test here). */
export async function insertRecord(db: Kysely<DB>, record: { companyId: string; userId: string; start: string; end: string | null; corrected?: boolean; flags?: string }) {
  const id = newId('tr');
  await db
    .insertInto('time_records')
    .values({
      id,
      company_id: record.companyId,
      user_id: record.userId,
      event_id: 'evt-registro',
      start_time: record.start,
      end_time: record.end,
      duration: record.end ? Math.floor((Date.parse(record.end) - Date.parse(record.start)) / 60_000) : null,
      status: record.end ? 'completado' : 'activo',
      start_location: null,
      end_location: null,
      created_at: record.start,
      corrected: record.corrected ? 1 : 0,
      ...(record.flags ? { flags: record.flags } : {}),
    })
    .execute();
  return id;
}
