import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { newId } from '../../lib/ids';

export async function countFailuresSince(
  db: Kysely<DB>,
  column: 'username' | 'ip',
  value: string,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll().as('count'))
    .where(column, '=', value)
    .where('attempted_at', '>', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Failures of one username from one address (the per-account rule, without handing out a lockout). */
export async function countPairFailuresSince(db: Kysely<DB>, username: string, ip: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('username', '=', username)
    .where('ip', '=', ip)
    .where('attempted_at', '>', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether the user holds a live session opened from this address (the owner's own device). */
export async function hasSessionFrom(db: Kysely<DB>, username: string, ip: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.id')
    .where('users.username', '=', username)
    .where('sessions.ip', '=', ip)
    .where('sessions.expires_at', '>', now.toISOString())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordFailure(db: Kysely<DB>, username: string, ip: string, at: Date): Promise<string> {
  const id = newId('att');
  await db.insertInto('login_attempts').values({ id, username, ip, attempted_at: at.toISOString() }).execute();
  return id;
}

export async function deleteAttempt(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', '=', id).execute();
}

/** Every failure of the account, from every address (a password change; an administrator's unlock). */
export async function clearFailuresForUsername(db: Kysely<DB>, username: string): Promise<number> {
  const result = await db.deleteFrom('login_attempts').where('username', '=', username).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A right password clears its own address's failures only: an attacker elsewhere keeps their count. */
export async function clearFailuresForPair(db: Kysely<DB>, username: string, ip: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('username', '=', username).where('ip', '=', ip).execute();
}

export async function deleteFailuresBefore(db: Kysely<DB>, cutoff: Date): Promise<void> {
  await db.deleteFrom('login_attempts').where('attempted_at', '<=', cutoff.toISOString()).execute();
}
