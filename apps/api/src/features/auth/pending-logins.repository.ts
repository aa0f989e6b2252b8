import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface PendingLogin {
  userId: string;
  step: 'verify' | 'enrol';
}

export async function insertPendingLogin(db: Kysely<DB>, row: { tokenHash: string; userId: string; step: 'verify' | 'enrol'; ip: string; expiresAt: Date; at: Date }): Promise<void> {
  // One pending sign-in per user: an older one stops working.
  await db.deleteFrom('pending_logins').where('user_id', '=', row.userId).execute();
  await db
    .insertInto('pending_logins')
    .values({ token_hash: row.tokenHash, user_id: row.userId, step: row.step, ip: row.ip, expires_at: row.expiresAt.toISOString(), created_at: row.at.toISOString() })
    .execute();
}

export async function findPendingLogin(db: Kysely<DB>, tokenHash: string, now: Date): Promise<PendingLogin | undefined> {
  const row = await db
    .selectFrom('pending_logins')
    .select(['user_id', 'step'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row && { userId: row.user_id, step: row.step };
}

/** Used once: false when another request consumed it first. */
export async function consumePendingLogin(db: Kysely<DB>, tokenHash: string): Promise<boolean> {
  const result = await db.deleteFrom('pending_logins').where('token_hash', '=', tokenHash).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deletePendingLoginsBefore(db: Kysely<DB>, cutoff: Date): Promise<void> {
  await db.deleteFrom('pending_logins').where('expires_at', '<=', cutoff.toISOString()).execute();
}
