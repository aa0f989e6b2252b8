import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Clock } from '../lib/clock';
import { newId } from '../lib/ids';

export const DEFAULT_MAX_ATTEMPTS = 8;

export interface NewJob {
  kind: string;
  payload?: unknown;
  /** Not before this instant (a reminder, a retry later); now when absent. */
  runAt?: Date;
  maxAttempts?: number;
  /**
   * A fixed id makes the job unique: enqueuing it again (another server, a re-run) adds nothing.
   * For a job that must exist once however many servers seed it (the monthly registro reminder).
   */
  id?: string;
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
  const id = job.id ?? newId('job');
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
    // The primary key is the unique key: on PostgreSQL a second server's insert waits for the first
    // one's commit and then does nothing.
    .$if(job.id !== undefined, (query) => query.onConflict((conflict) => conflict.column('id').doNothing()))
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

export interface JobContext {
  db: Kysely<DB>;
  clock: Clock;
  jobId: string;
  /** 1 on the first try. */
  attempt: number;
}

/**
 * Runs one job. Delivery is at least once: a runner that dies after the handler's effect and before
 * the job is marked done runs it again, so a handler with an outside effect (a mail, a push) records
 * that effect per notification and channel and checks that record first (docs/decisions/033).
 */
export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;
