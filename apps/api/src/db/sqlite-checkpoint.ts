import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * WAL checkpoints on a second connection in a worker thread, so they do not run on a request.
 *
 * SQLite's automatic checkpoint runs on the connection that commits, every 1000 WAL pages: with the
 * server's single connection that is the event loop, and on the bench's 440 MB file a checkpoint
 * (copying the pages into the database, two fsyncs) took 12 ms typically and up to 100 ms, stalling
 * every request queued behind one clock-in. Here the serving connection never checkpoints on commit;
 * the worker copies committed pages back with PASSIVE checkpoints, which take no lock that writers or
 * readers wait for. (A RESTART or TRUNCATE there would hold the write lock while copying, so the
 * serving connection's next write would sleep in its busy handler on the event loop; a TRUNCATE also
 * resets the WAL header, failing with SQLITE_BUSY_SNAPSHOT a transaction of the serving connection
 * that had read before writing.) Durability is unchanged: a commit is in the WAL either way, a
 * checkpoint syncs before the log is reused, and a WAL left by a crash is replayed on the next open.
 *
 * The log is reused from its start once every frame is copied back, when the next write begins; under
 * sustained writes a commit lands during nearly every pass (each ends with an fsync) and starves that.
 * So once the log holds more than `restartAboveBytes` the worker pauses and asks the serving
 * connection for one RESTART checkpoint between two of its transactions: it copies what the last
 * pass left and lets the next write start the log over (3-10 ms; TRUNCATE also shrinks the file and
 * took 15-50 ms). Under the bench's saturating clock-in load that is once or twice a second, against
 * a 12 ms checkpoint every ~50 clock-ins before. `journal_size_limit` shrinks a file that grew past the bound after a reuse.
 */

export interface CheckpointerOptions {
  /** Pause between rounds of passive checkpoints. */
  intervalMs?: number;
  /** WAL content above which the log is forced back to its start (and the file's size after that). */
  restartAboveBytes?: number;
  /** Told when the worker fails; the serving connection then checkpoints on commit again. */
  onError?: (error: Error) => void;
}

export interface BackgroundCheckpointer {
  /** Stops the worker and closes its connection (the last connection to close removes the WAL). */
  stop(): Promise<void>;
}

const DEFAULT_INTERVAL_MS = 100;
const DEFAULT_RESTART_ABOVE = 64 * 1024 * 1024;
/** SQLite's default, restored if the worker dies. */
const AUTOCHECKPOINT_PAGES = 1000;
const RESTART_RETRY_MS = 1;
/** How long the forced checkpoint may wait for a lock (the worker is paused meanwhile). */
const RESTART_BUSY_MS = 50;

// CommonJS source for an eval'd worker: the server is one bundle, and a worker file would need its
// own entry in the build. It receives everything through workerData and only ever reads.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
// A WAL frame is a page plus its 24-byte header.
const frameBytes = db.pragma('page_size', { simple: true }) + 24;
// Paused from asking for a restart until the serving connection has done it (or gave up).
let pausedUntil = 0;
const round = () => {
  if (Date.now() < pausedUntil) return;
  // PASSIVE reports the frames it saw at its start: a commit during the pass leaves more behind, and
  // the log is only reused when a write begins with every frame copied. Passes repeat until one finds
  // nothing new, giving a writer that chance between two commits.
  let seen = -1;
  let result;
  for (let pass = 0; pass < 8; pass += 1) {
    [result] = db.pragma('wal_checkpoint(PASSIVE)');
    if (result.log === result.checkpointed && result.log === seen) break;
    seen = result.log;
  }
  if (result.log * frameBytes > workerData.restartAboveBytes) {
    pausedUntil = Date.now() + 1000;
    parentPort.postMessage('restart');
  }
};
const timer = setInterval(round, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'restarted') pausedUntil = 0;
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** Turns off `sqlite`'s checkpoints on commit and starts the worker that does them for `path`. */
export function checkpointInBackground(sqlite: BetterSqlite3.Database, path: string, options: CheckpointerOptions = {}): BackgroundCheckpointer {
  const restartAboveBytes = options.restartAboveBytes ?? DEFAULT_RESTART_ABOVE;
  sqlite.pragma('wal_autocheckpoint = 0');
  sqlite.pragma(`journal_size_limit = ${restartAboveBytes}`);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      path,
      intervalMs: options.intervalMs ?? DEFAULT_INTERVAL_MS,
      restartAboveBytes,
    },
  });
  // Never keeps the process alive on its own: the owner's destroy stops it.
  worker.unref();
  let stopping = false;
  let failed = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  // Between two transactions only: inside one (Kysely awaits between its statements) it would wait
  // for itself, and a reset under a transaction that has read would fail its next write.
  const restart = () => {
    if (stopping || !sqlite.open) return;
    if (sqlite.inTransaction) {
      setTimeout(restart, RESTART_RETRY_MS).unref();
      return;
    }
    const busyTimeout = sqlite.pragma('busy_timeout', { simple: true }) as number;
    sqlite.pragma(`busy_timeout = ${RESTART_BUSY_MS}`);
    try {
      sqlite.pragma('wal_checkpoint(RESTART)');
    } finally {
      sqlite.pragma(`busy_timeout = ${busyTimeout}`);
      worker.postMessage('restarted');
    }
  };
  worker.on('message', (message) => {
    if (message === 'restart') restart();
  });

  const fallBack = (error: Error) => {
    if (failed) return;
    failed = true;
    // Without the worker the WAL would grow for ever: checkpointing on commit again is the lesser evil.
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    (options.onError ?? ((failure: Error) => process.emitWarning(`SQLite background checkpoints stopped: ${failure.message}`)))(error);
  };
  worker.on('error', fallBack);
  worker.on('exit', (code) => {
    if (!stopping && code !== 0) fallBack(new Error(`checkpoint worker exited with code ${code}`));
  });
  return {
    async stop() {
      if (stopping) return exited;
      stopping = true;
      // Let it close its connection cleanly even if nothing else keeps the process up meanwhile.
      worker.ref();
      worker.postMessage('stop');
      return exited;
    },
  };
}
