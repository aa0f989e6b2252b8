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

export async function recordFailure(db: Kysely<DB>, username: string, ip: string, at: Date): Promise<string> {
  const id = newId('att');
  await db.insertInto('login_attempts').values({ id, username, ip, attempted_at: at.toISOString() }).execute();
  return id;
}

export async function deleteAttempt(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', '=', id).execute();
}

export async function clearFailuresForUsername(db: Kysely<DB>, username: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('username', '=', username).execute();
}

export async function deleteFailuresBefore(db: Kysely<DB>, cutoff: Date): Promise<void> {
  await db.deleteFrom('login_attempts').where('attempted_at', '<=', cutoff.toISOString()).execute();
}
