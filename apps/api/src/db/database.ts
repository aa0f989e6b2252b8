import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteAdapter, SqliteDialect, type DialectAdapter, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';
import { createStatementNamer, prepareStatementsByName } from './postgres-named-statements';
import { checkpointInBackground } from './sqlite-checkpoint';
import { readTableGraph, type TableGraph } from './sqlite-table-graph';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  destroy: () => Promise<void>;
  /** SQLite only: what in-process caches need to stay true to the file (features/auth/auth-cache.ts). */
  changes?: SqliteChangeFeed;
  /** PostgreSQL only: the connection pool's counts, for the metrics (docs/decisions/048). */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

/**
 * The embedded deployment is one server process on one file, so a cache in that process can be
 * exact: it hears every write the process makes, and asks SQLite whether anyone else (a CLI, an
 * administrator's sqlite3 shell) committed since.
 */
export interface SqliteChangeFeed {
  /** Called with the SQL text of every writing statement, just before it runs. */
  onWrite(listener: (sql: string) => void): void;
  /**
   * PRAGMA data_version: moves when another connection commits. Undefined when the connection is
   * busy streaming a result (the caller then reads the database instead).
   */
  externalVersion(): number | undefined;
  /** Which tables a write may change, triggers and foreign-key actions included (read once, after the migrations). */
  tableGraph(): TableGraph;
}

export interface OpenDatabaseOptions {
  synchronous?: 'NORMAL' | 'FULL';
  /** SQLite: WAL checkpoints from a worker thread, not on the committing request (the server). */
  backgroundCheckpoint?: boolean;
  /** SQLite: called with the SQL text of every statement (tests that check what a request reads). */
  trace?: (sql: string) => void;
  /** PostgreSQL: connections in the pool (DATABASE_POOL_SIZE, default 10). */
  poolSize?: number;
  /** PostgreSQL: prepare repeated statements by name (DATABASE_PREPARED_STATEMENTS, default on; decision 056). */
  namedStatements?: boolean;
}

export const DEFAULT_POOL_SIZE = 10;

export const DEFAULT_SQLITE_PATH = './data/jornada.db';

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

/** `sqlite:/path/file.db`, `sqlite::memory:` or unset (./data/jornada.db). */
export function sqlitePathFromUrl(url: string | undefined): string {
  if (!url) return DEFAULT_SQLITE_PATH;
  if (!url.startsWith('sqlite:')) throw new Error(`DATABASE_URL must start with sqlite:, postgres:// or postgresql:// (got ${url.split(':')[0]}:)`);
  const path = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
  return path || DEFAULT_SQLITE_PATH;
}

/**
 * Settings each PostgreSQL connection starts with. JIT compilation off (docs/decisions/057): it
 * starts above a planner cost, which the registro's year read passes on a few million records,
 * and it then spent ~1 s compiling a statement that runs in 150–300 ms. PGOPTIONS comes
 * after, so an operator's own settings (even `-c jit=on`) win; `?options=` in DATABASE_URL
 * replaces both.
 */
export function connectionOptions(environment: NodeJS.ProcessEnv = process.env): string {
  return ['-c jit=off', environment.PGOPTIONS].filter(Boolean).join(' ');
}

/** Opens the database DATABASE_URL names: SQLite (embedded default) or PostgreSQL (scale-out). */
export function openDatabase(url: string | undefined, options: OpenDatabaseOptions = {}): Database {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? DEFAULT_POOL_SIZE, options: connectionOptions() });
    if (options.namedStatements ?? true) prepareStatementsByName(pool, createStatementNamer());
    // An idle connection the server dropped (restart, failover, an administrator's termination) is
    // discarded by the pool, which opens a new one on demand; without a listener, Node would crash.
    pool.on('error', () => {});
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      destroy: () => db.destroy(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const path = sqlitePathFromUrl(url);
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${options.synchronous ?? 'NORMAL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Group commit (db/write-batch.ts) runs each write in a savepoint, whose undo copies of the pages
  // it changes go to a temporary file by default: a write and a read of a file per page per write.
  sqlite.pragma('temp_store = MEMORY');
  const checkpointer = options.backgroundCheckpoint && path !== ':memory:' ? checkpointInBackground(sqlite, path) : undefined;
  const writeListeners: ((sql: string) => void)[] = [];
  const db = new Kysely<DB>({ dialect: new TransactionalDdlSqliteDialect({ database: withStatementCache(sqlite, writeListeners, options.trace) }) });
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let tableGraph: TableGraph | undefined;
  const changes: SqliteChangeFeed = {
    tableGraph: () => (tableGraph ??= readTableGraph(sqlite)),
    onWrite: (listener) => void writeListeners.push(listener),
    externalVersion: () => {
      try {
        return dataVersion.get() as number;
      } catch {
        return undefined;
      }
    },
  };
  const destroy = async () => {
    await db.destroy();
    await checkpointer?.stop();
  };
  return { db, dialect: 'sqlite', destroy, changes };
}

/**
 * SQLite does roll back CREATE, ALTER and DROP inside a transaction, but Kysely's SQLite adapter
 * declares it does not, so its Migrator ran each migration outside any transaction: a process killed
 * between a migration's CREATE TABLE and its bookkeeping row left a half-applied migration that no
 * later start could get past (issue 21). Declaring the truth makes the Migrator wrap the migration
 * and its record in one transaction, as it does on PostgreSQL. The flag is read by the Migrator only.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; SQLite's planning then costs as much as a small indexed read
 * (the bench's profiles: prepare was ~5-9% of a request). The same SQL text reuses its statement,
 * as better-sqlite3 intends. Bounded (oldest out first): texts with `in (?, ?, …)` lists vary with
 * their length. A statement still being iterated (`.stream()`) is never handed out twice.
 */
function withStatementCache(sqlite: BetterSqlite3.Database, writeListeners: readonly ((sql: string) => void)[], trace?: (sql: string) => void): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  // Kysely prepares right before it runs a statement, so this is the one place every write passes.
  const announce = (statement: BetterSqlite3.Statement, sql: string) => {
    trace?.(sql);
    if (!statement.readonly) for (const listener of writeListeners) listener(sql);
    return statement;
  };
  return {
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) return announce(cached, sql);
      const statement = announce(sqlite.prepare(sql), sql);
      if (cached) return statement;
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(sql, statement);
      return statement;
    },
    close: () => sqlite.close(),
  };
}
