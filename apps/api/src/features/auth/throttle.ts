import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import * as attempts from './login-attempts.repository';
import { FAILURE_WINDOW_MS, MAX_FAILURES } from './session-policy';

const tooManyAttempts = () => new AppError(429, 'TOO_MANY_ATTEMPTS');

export interface AttemptKeys {
  username: string;
  /** Counted per IP too (sign-in); a password change counts the account only. */
  ip: string;
  countIp: boolean;
}

/**
 * Reserves one password guess for these keys, or refuses with 429. The attempt is written as a
 * failure *before* the password is checked and the count is read again after the write, so guesses
 * sent all at once cannot all pass a count taken before any of them failed: ordering the writes,
 * the n-th one sees at least n rows, so at most MAX_FAILURES guesses are ever checked per window
 * (on SQLite and on PostgreSQL under read committed, by any number of servers).
 * Returns the attempt's id: the caller releases it when the password turns out right.
 */
export async function reserveAttempt(db: Kysely<DB>, keys: AttemptKeys, now: Date): Promise<string> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const counts = () =>
    Promise.all([
      attempts.countFailuresSince(db, 'username', keys.username, since),
      keys.countIp ? attempts.countFailuresSince(db, 'ip', keys.ip, since) : Promise.resolve(0),
    ]);
  // Already blocked: refuse without writing, so the block ends 15 minutes after the last real guess.
  if ((await counts()).some((count) => count >= MAX_FAILURES)) throw tooManyAttempts();
  const id = await attempts.recordFailure(db, keys.username, keys.ip, now);
  // Over the limit once written: refused, and the row stays a failure (a burst blocks the account
  // like the guesses it stands for; only the few requests racing past the first count write one).
  if ((await counts()).some((count) => count > MAX_FAILURES)) throw tooManyAttempts();
  return id;
}

/** The guess was right: it is not a failure. */
export function releaseAttempt(db: Kysely<DB>, id: string): Promise<void> {
  return attempts.deleteAttempt(db, id);
}
