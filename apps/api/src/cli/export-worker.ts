/**
 * The export worker's entry (a build input beside server.js): a read-only connection of its own to
 * the SQLite file, answering export jobs from the serving thread (features/export/export-jobs.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { DB } from '../db/schema';
import { serveExportJobs } from '../features/export/export-jobs';
import { lowerThisThreadPriority } from '../lib/thread-priority';

// An export is a supervisor's download; a clock-in is a person at a door: requests win the CPU.
lowerThisThreadPriority();

const sqlite = new BetterSqlite3((workerData as { databasePath: string }).databasePath, { readonly: true, fileMustExist: true });
sqlite.pragma('busy_timeout = 5000');
serveExportJobs(parentPort!, new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) }));
