import type { Kysely } from 'kysely';
import type { DB } from './db/schema';
import type { Clock } from './lib/clock';
import { deleteRequestsBefore } from './features/account-tokens/account-tokens.repository';
import { RESET_REQUEST_WINDOW_MS } from './features/account-lifecycle/account-lifecycle.service';
import { deleteFailuresBefore } from './features/auth/login-attempts.repository';
import { deletePendingLoginsBefore } from './features/auth/pending-logins.repository';
import { deleteSessionsIdleOrExpired } from './features/auth/sessions.repository';
import { FAILURE_WINDOW_MS, IDLE_TIMEOUT_MS } from './features/auth/session-policy';
import { formatPurgeSummary, purgeExpired } from './features/legal-archive/retention';

/** Drops rows that no longer mean anything (dead sessions, old login failures) so tables stay small. */
export async function purgeStaleAuthRows(db: Kysely<DB>, clock: Clock): Promise<void> {
  const now = clock();
  await deleteSessionsIdleOrExpired(db, now, new Date(now.getTime() - IDLE_TIMEOUT_MS));
  await deleteFailuresBefore(db, new Date(now.getTime() - FAILURE_WINDOW_MS));
  await deleteRequestsBefore(db, new Date(now.getTime() - RESET_REQUEST_WINDOW_MS));
  await deletePendingLoginsBefore(db, now);
}

/** How often the registro retention purge runs (and once at start): it only ever deletes whole days. */
export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** The 4-year retention purge (decision 014); returns the summary line when anything was deleted. */
export async function purgeExpiredRegistro(db: Kysely<DB>, clock: Clock, timeZone: string): Promise<string | null> {
  const summary = await purgeExpired(db, clock, { timeZone });
  const deleted = summary.timeRecords + summary.amendments + summary.signedMonths + summary.archivedSubjects;
  return deleted > 0 ? formatPurgeSummary(summary) : null;
}
