import { CompiledQuery, SqliteAdapter, type Kysely } from 'kysely';
import { recentArrivals } from '../lib/request-arrivals';
import type { DB } from './schema';

/**
 * Group commit for SQLite (docs/decisions/023). A commit of a clock-in writes ~16 WAL pages and
 * costs 100-160 µs on the bench's file, more than all of the request's statements together, and the
 * process has one connection, so concurrent writes queue behind each other's commits. Here writes
 * that arrive together (in one turn of the event loop) run in ONE transaction, each inside its own
 * savepoint, and share its COMMIT:
 *
 * - a write that throws rolls back to its savepoint (its rows, its chain entry, its head advance)
 *   and rejects only its own caller; the writes after it see the database as if it never ran;
 * - every caller is answered only after the shared COMMIT succeeded; if the COMMIT (or a savepoint
 *   command) fails, the whole transaction is rolled back and every caller of the batch is rejected;
 * - a batch of one runs exactly as a plain transaction (no savepoint): under low load nothing changes;
 * - the batch begins with BEGIN IMMEDIATE: its items read before they write, and a deferred
 *   transaction whose snapshot another process (a CLI) overtook would fail every item's first write
 *   with SQLITE_BUSY_SNAPSHOT; taking the write lock first makes the reads current.
 *
 * Why it is safe on SQLite: the process has one connection and Kysely's SQLite driver lends it to one
 * user at a time, so the items of a batch run one after another, in arrival order, exactly as separate
 * transactions would have; only where the COMMITs fall changes. Items must do all their database work
 * through the `trx` they are given (the connection is held by the batch: touching the root `db` inside
 * would wait for itself) and must not wait for anything but that connection (no timers, no network),
 * because the next batch waits for this one.
 *
 * PostgreSQL keeps a transaction per call: several servers may share the database (decision 016), so
 * waiting for another request's commit would buy nothing a connection pool does not already give.
 */

/** A batch's upper bound: its transaction blocks the event loop while its items run. */
export const MAX_BATCH = 64;

const SAVEPOINT = CompiledQuery.raw('savepoint batch_item');
const RELEASE = CompiledQuery.raw('release batch_item');
const ROLLBACK_TO = CompiledQuery.raw('rollback to batch_item');
const BEGIN = CompiledQuery.raw('begin immediate');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

export type WriteWork<T> = (trx: Kysely<DB>) => Promise<T>;

export interface WriteBatchStats {
  /** Transactions committed or attempted. */
  batches: number;
  /** Writes run in them. */
  items: number;
  /** The largest batch so far. */
  largest: number;
}

interface Item {
  work: WriteWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

class SqliteWriteBatcher {
  readonly stats: WriteBatchStats = { batches: 0, items: 0, largest: 0 };
  #queue: Item[] = [];
  #flushing = false;

  constructor(private readonly db: Kysely<DB>) {}

  run<T>(work: WriteWork<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.#flushing) return;
      this.#flushing = true;
      // Under load, after the poll phase: every request whose bytes arrived in this turn of the event
      // loop has queued its write by then (better-sqlite3 is synchronous, so a transaction started
      // right away would finish in microtasks before the next request is even parsed, and nothing
      // would group). A write with no other request arriving beside it has no one to wait for and
      // starts now; writes queued in this same synchronous run still join it, as the batch is taken
      // once the connection is lent.
      if (recentArrivals() > 1) setImmediate(() => void this.#flush());
      else void this.#flush();
    });
  }

  async #flush(): Promise<void> {
    try {
      while (this.#queue.length > 0) await this.#runBatch();
    } finally {
      this.#flushing = false;
      // A write queued while the last batch settled its callers (a caller chaining a second write).
      if (this.#queue.length > 0) {
        this.#flushing = true;
        setImmediate(() => void this.#flush());
      }
    }
  }

  async #runBatch(): Promise<void> {
    let batch: Item[] = [];
    let outcomes: Outcome[] = [];
    try {
      // The queue is taken once the connection is ours: writes that arrived while it was lent to a
      // reader (an export streaming) join this batch.
      await this.db.connection().execute(async (conn) => {
        batchConnections.add(conn);
        batch = this.#queue.splice(0, MAX_BATCH);
        this.stats.batches += 1;
        this.stats.items += batch.length;
        this.stats.largest = Math.max(this.stats.largest, batch.length);
        outcomes = await runInOneTransaction(conn, batch);
      });
    } catch (error) {
      // BEGIN, a savepoint command or the COMMIT failed: nothing of the batch is stored.
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }
}

async function runInOneTransaction(conn: Kysely<DB>, batch: Item[]): Promise<Outcome[]> {
  await conn.executeQuery(BEGIN);
  try {
    if (batch.length === 1) {
      // A plain transaction: a failure rolls it all back, below, and rejects its one caller.
      const value = await batch[0]!.work(conn);
      await conn.executeQuery(COMMIT);
      return [{ ok: true, value }];
    }
    const outcomes: Outcome[] = [];
    for (const item of batch) {
      await conn.executeQuery(SAVEPOINT);
      try {
        const value = await item.work(conn);
        await conn.executeQuery(RELEASE);
        outcomes.push({ ok: true, value });
      } catch (error) {
        // If SQLite already rolled the whole transaction back (disk full, I/O error), this throws
        // and the batch fails as a whole: no caller is told a write is stored that is not.
        await conn.executeQuery(ROLLBACK_TO);
        await conn.executeQuery(RELEASE);
        outcomes.push({ ok: false, error });
      }
    }
    await conn.executeQuery(COMMIT);
    return outcomes;
  } catch (error) {
    if (batch.length === 1) {
      await rollbackQuietly(conn);
      return [{ ok: false, error }];
    }
    await rollbackQuietly(conn);
    throw error;
  }
}

/** A failed COMMIT leaves the transaction open; other failures may have ended it already. */
async function rollbackQuietly(conn: Kysely<DB>): Promise<void> {
  try {
    await conn.executeQuery(ROLLBACK);
  } catch {
    // No transaction was active any more.
  }
}

const batchers = new WeakMap<Kysely<DB>, SqliteWriteBatcher>();
/** The `trx` handed to a batch's items: a write they start runs in the batch, not in a new one. */
const batchConnections = new WeakSet<Kysely<DB>>();

function batcherOf(db: Kysely<DB>): SqliteWriteBatcher | undefined {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return undefined;
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new SqliteWriteBatcher(db)));
  return batcher;
}

/**
 * Runs `work` in a transaction and resolves once it is committed. On SQLite it may share that
 * transaction (and its COMMIT) with other writes arriving at the same moment, each in a savepoint of
 * its own; on PostgreSQL it is a transaction of its own. Inside a transaction already, `work` runs in
 * it. `work` may be run at a later turn of the event loop; it must use only `trx`.
 */
export function writeTransaction<T>(db: Kysely<DB>, work: WriteWork<T>): Promise<T> {
  if (db.isTransaction || batchConnections.has(db)) return work(db);
  const batcher = batcherOf(db);
  return batcher ? batcher.run(work) : db.transaction().execute(work);
}

/** What the batcher of `db` has done (SQLite; undefined on PostgreSQL): for tests and diagnostics. */
export function writeBatchStats(db: Kysely<DB>): Readonly<WriteBatchStats> | undefined {
  return batcherOf(db)?.stats;
}
