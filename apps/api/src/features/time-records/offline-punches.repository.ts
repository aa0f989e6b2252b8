import type { Kysely } from 'kysely';
import type { DB, OfflinePunchesTable } from '../../db/schema';

/** The punch a phone queued under `clientId`, if the server already accepted it. */
export async function findOfflinePunch(db: Kysely<DB>, userId: string, clientId: string): Promise<Pick<OfflinePunchesTable, 'kind' | 'record_id'> | undefined> {
  return db.selectFrom('offline_punches').select(['kind', 'record_id']).where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst();
}

/** A second insert of the same (user_id, client_id) violates the primary key: a concurrent resend. */
export async function insertOfflinePunch(db: Kysely<DB>, row: OfflinePunchesTable): Promise<void> {
  await db.insertInto('offline_punches').values(row).execute();
}

/** A completed record of the user (any company) that was running at `at`: [start, end). */
export async function hasCompletedRecordAt(db: Kysely<DB>, userId: string, at: string): Promise<boolean> {
  const row = await db
    .selectFrom('time_records')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'completado')
    .where('start_time', '<=', at)
    .where('end_time', '>', at)
    .executeTakeFirst();
  return row !== undefined;
}
