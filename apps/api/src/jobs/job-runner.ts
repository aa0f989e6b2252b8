import type { Kysely } from 'kysely';
import type { DialectName } from '../db/database';
import type { DB, JobsTable } from '../db/schema';
import type { Clock } from '../lib/clock';
import { onJobEnqueued } from './job-queue';

// The handler's contract lives with the queue: a feature implements it without importing the runner.
export type { JobContext, JobHandler } from './job-queue';
import type { JobHandler } from './job-queue';


export interface JobRunnerOptions {
  db: Kysely<DB>;
  dialect: DialectName;
  clock: Clock;
  handlers: Record<string, JobHandler>;
  /** How often due jobs are looked for when nobody wakes the runner (other servers' jobs, scheduled ones). */
  pollMs?: number;
  /** Jobs claimed at once. */
  batchSize?: number;
  /** A claim older than this belonged to a runner that died: the job is claimed again. */
  lockMs?: number;
  /** The first retry's delay; each next one doubles, up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  onError?: (error: unknown, job: { id: string; kind: string }) => void;
}

export const DEFAULT_POLL_MS = 5_000;

type ClaimedJob = Pick<JobsTable, 'id' | 'kind' | 'payload' | 'attempts' | 'max_attempts'>;

/** The delay before the next try after `attempts` failed ones: base, 2×base, 4×base… capped. */
export function backoffDelay(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

export class JobRunner {
  readonly #options: Required<Omit<JobRunnerOptions, 'onError'>> & Pick<JobRunnerOptions, 'onError'>;
  #running = false;
  #timer: NodeJS.Timeout | undefined;
  #pass: Promise<void> | undefined;
  #wokenDuringPass = false;
  #unsubscribe: (() => void) | undefined;

  constructor(options: JobRunnerOptions) {
    this.#options = { pollMs: DEFAULT_POLL_MS, batchSize: 10, lockMs: 5 * 60_000, backoffMs: 30_000, maxBackoffMs: 6 * 3_600_000, ...options };
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#unsubscribe = onJobEnqueued(() => this.wake());
    this.wake();
  }

  /** Stops polling and waits for the jobs in hand to finish (the server's close). */
  async stop(): Promise<void> {
    this.#running = false;
    this.#unsubscribe?.();
    clearTimeout(this.#timer);
    await this.#pass;
  }

  /** Looks for due jobs now (an enqueue in this process, the poll). */
  wake(): void {
    if (!this.#running) return;
    if (this.#pass) {
      this.#wokenDuringPass = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#pass = this.#loop().finally(() => {
      this.#pass = undefined;
      if (!this.#running) return;
      if (this.#wokenDuringPass) {
        this.#wokenDuringPass = false;
        this.wake();
      } else {
        this.#timer = setTimeout(() => this.wake(), this.#options.pollMs);
        this.#timer.unref();
      }
    });
  }

  async #loop(): Promise<void> {
    try {
      while (this.#running && (await this.runDue()) > 0);
    } catch (error) {
      // The database is away (restart, failover): the next poll tries again.
      this.#options.onError?.(error, { id: '', kind: 'claim' });
    }
  }

  /** One pass: claims up to a batch of due jobs and runs them. Returns how many ran. */
  async runDue(): Promise<number> {
    const jobs = await this.#claim();
    for (const job of jobs) await this.#run(job);
    return jobs.length;
  }

  async #claim(): Promise<ClaimedJob[]> {
    const { db, dialect, clock, batchSize, lockMs } = this.#options;
    const now = clock();
    const nowIso = now.toISOString();
    const lockedUntil = new Date(now.getTime() + lockMs).toISOString();
    // On PostgreSQL several servers poll the same table: SKIP LOCKED lets each take rows no other
    // transaction holds, so a job is claimed by one runner only. On SQLite the process has the one
    // connection and the update is atomic by itself.
    return db.transaction().execute(async (trx) => {
      const due = trx
        .selectFrom('jobs')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', nowIso)]),
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<', nowIso)]),
          ]),
        )
        .orderBy('run_at')
        .orderBy('id')
        .limit(batchSize)
        .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked());
      return trx
        .updateTable('jobs')
        .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), locked_until: lockedUntil }))
        .where('id', 'in', due)
        .returning(['id', 'kind', 'payload', 'attempts', 'max_attempts'])
        .execute();
    });
  }

  async #run(job: ClaimedJob): Promise<void> {
    const { db, clock, handlers } = this.#options;
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind '${job.kind}'`);
      await handler(JSON.parse(job.payload), { db, clock, jobId: job.id, attempt: job.attempts });
      await db
        .updateTable('jobs')
        .set({ status: 'done', locked_until: null, last_error: null, finished_at: clock().toISOString() })
        .where('id', '=', job.id)
        .execute();
    } catch (error) {
      this.#options.onError?.(error, job);
      await this.#fail(job, error);
    }
  }

  async #fail(job: ClaimedJob, error: unknown): Promise<void> {
    const { db, clock, backoffMs, maxBackoffMs } = this.#options;
    const now = clock();
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const dead = job.attempts >= job.max_attempts;
    await db
      .updateTable('jobs')
      .set({
        status: dead ? 'dead' : 'pending',
        locked_until: null,
        last_error: message,
        run_at: dead ? now.toISOString() : new Date(now.getTime() + backoffDelay(job.attempts, backoffMs, maxBackoffMs)).toISOString(),
        finished_at: dead ? now.toISOString() : null,
      })
      .where('id', '=', job.id)
      .execute();
  }
}
