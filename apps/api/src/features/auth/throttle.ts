import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import * as attempts from './login-attempts.repository';
import { ACCOUNT_BACKOFF_AFTER, ACCOUNT_BACKOFF_MS, FAILURE_WINDOW_MS, MAX_FAILURES } from './session-policy';

const tooManyAttempts = () => new AppError(429, 'TOO_MANY_ATTEMPTS');
const accountBackoff = () => new AppError(429, 'LOGIN_BACKOFF');

export interface AttemptKeys {
  username: string;
  /** Counted per address too (sign-in); a password change counts the account only. */
  ip: string;
  countIp: boolean;
}

interface Counts {
  /** Hard limits (MAX_FAILURES in the window, then 15 minutes of 429): this pair, this address. */
  hard: number[];
  /** The account from every address, for the soft backoff. */
  account: number;
  /** The account's failures within the last ACCOUNT_BACKOFF_MS. */
  recent: number;
}

/**
 * Reserves one password guess for these keys, or refuses with 429 (docs/decisions/006, addendum).
 *
 * Sign-in: at most MAX_FAILURES failures per (username, address) and per address across accounts in
 * the window, then 429 for the rest of it. Per account across all addresses there is no hard block
 * (it was a lever to lock anyone out from anywhere): once the account has ACCOUNT_BACKOFF_AFTER
 * failures in the window, a guess is refused for ACCOUNT_BACKOFF_MS after the account's previous
 * failure (a few seconds, never 15 minutes), except from an address the user already holds a
 * session from. Guesses spread over many addresses are thereby slowed to one every few seconds.
 * A password change (signed in already) keeps the hard per-account limit.
 *
 * The attempt is written as a failure *before* the password is checked and the counts are read again
 * after the write, so guesses sent all at once cannot all pass a count taken before any of them
 * failed. Returns the attempt's id: the caller releases it when the password turns out right.
 */
export async function reserveAttempt(db: Kysely<DB>, keys: AttemptKeys, now: Date): Promise<string> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const recentSince = new Date(now.getTime() - ACCOUNT_BACKOFF_MS);
  const counts = async (): Promise<Counts> => {
    const [pair, ip, account, recent] = await Promise.all([
      keys.countIp ? attempts.countPairFailuresSince(db, keys.username, keys.ip, since) : Promise.resolve(0),
      keys.countIp ? attempts.countFailuresSince(db, 'ip', keys.ip, since) : Promise.resolve(0),
      attempts.countFailuresSince(db, 'username', keys.username, since),
      keys.countIp ? attempts.countFailuresSince(db, 'username', keys.username, recentSince) : Promise.resolve(0),
    ]);
    return { hard: keys.countIp ? [pair, ip] : [account], account, recent };
  };
  // The backoff's one exception, looked up only when it would apply.
  let knownAddress: boolean | undefined;
  const backedOff = async (found: Counts, recentAllowed: number) => {
    if (!keys.countIp || found.account < ACCOUNT_BACKOFF_AFTER || found.recent <= recentAllowed) return false;
    knownAddress ??= await attempts.hasSessionFrom(db, keys.username, keys.ip, now);
    return !knownAddress;
  };

  // Already blocked: refuse without writing, so the block ends 15 minutes after the last real guess
  // (and the backoff a few seconds after the last one).
  const before = await counts();
  if (before.hard.some((count) => count >= MAX_FAILURES)) throw tooManyAttempts();
  if (await backedOff(before, 0)) throw accountBackoff();
  const id = await attempts.recordFailure(db, keys.username, keys.ip, now);
  // Over a limit once written: refused, and the row stays a failure (only the few requests racing
  // past the first count write one).
  const after = await counts();
  if (after.hard.some((count) => count > MAX_FAILURES)) throw tooManyAttempts();
  if (await backedOff(after, 1)) throw accountBackoff();
  return id;
}

/** The guess was right: it is not a failure. */
export function releaseAttempt(db: Kysely<DB>, id: string): Promise<void> {
  return attempts.deleteAttempt(db, id);
}
