import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { newId } from '../lib/ids';

export const DEFAULT_MAX_ATTEMPTS = 8;

export interface NewJob {
  kind: string;
  payload?: unknown;
  /** Not before this instant (a reminder, a retry later); now when absent. */
  runAt?: Date;
  maxAttempts?: number;
}

type WakeListener = () => void;
const wakeListeners = new Set<WakeListener>();

/** The runners of this process hear of every job it enqueues, so they need not wait for their next poll. */
export function onJobEnqueued(listener: WakeListener): () => void {
  wakeListeners.add(listener);
  return () => void wakeListeners.delete(listener);
}

/**
 * Adds a job inside the caller's transaction (pass its `trx`): the job exists exactly when the change
 * that wants it committed. Runners of this process are woken on the next turn of the event loop; one
 * that looks before the commit finds nothing yet, and its next poll picks the job up.
 */
export async function enqueueJob(db: Kysely<DB>, now: Date, job: NewJob): Promise<string> {
  const id = newId('job');
  await db
    .insertInto('jobs')
    .values({
      id,
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? null),
      status: 'pending',
      attempts: 0,
      max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      run_at: (job.runAt ?? now).toISOString(),
      locked_until: null,
      last_error: null,
      created_at: now.toISOString(),
      finished_at: null,
    })
    .execute();
  wakeJobRunners();
  return id;
}

/** Wakes this process's runners on the next turn of the event loop (a job enqueued or made due again). */
export function wakeJobRunners(): void {
  if (wakeListeners.size > 0) setImmediate(() => wakeListeners.forEach((listener) => listener()));
}

/** Finished jobs are kept a week (what ran, for an administrator's look), then deleted; dead ones stay. */
export const KEEP_DONE_JOBS_MS = 7 * 24 * 3_600_000;

export async function pruneFinishedJobs(db: Kysely<DB>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('status', '=', 'done')
    .where('finished_at', '<', new Date(now.getTime() - KEEP_DONE_JOBS_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
