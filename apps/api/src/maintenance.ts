import type { Kysely } from 'kysely';
import type { DB } from './db/schema';
import type { Clock } from './lib/clock';
import { deleteFailuresBefore } from './features/auth/login-attempts.repository';
import { deleteSessionsIdleOrExpired } from './features/auth/sessions.repository';
import { FAILURE_WINDOW_MS, IDLE_TIMEOUT_MS } from './features/auth/session-policy';

/** Drops rows that no longer mean anything (dead sessions, old login failures) so tables stay small. */
export async function purgeStaleAuthRows(db: Kysely<DB>, clock: Clock): Promise<void> {
  const now = clock();
  await deleteSessionsIdleOrExpired(db, now, new Date(now.getTime() - IDLE_TIMEOUT_MS));
  await deleteFailuresBefore(db, new Date(now.getTime() - FAILURE_WINDOW_MS));
}
