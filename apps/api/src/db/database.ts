import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  destroy: () => Promise<void>;
}

export interface OpenDatabaseOptions {
  synchronous?: 'NORMAL' | 'FULL';
}

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

/** Opens the database DATABASE_URL names: SQLite (embedded default) or PostgreSQL (scale-out). */
export function openDatabase(url: string | undefined, options: OpenDatabaseOptions = {}): Database {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle connection the server dropped (restart, failover, an administrator's termination) is
    // discarded by the pool, which opens a new one on demand; without a listener, Node would crash.
    pool.on('error', () => {});
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  const path = sqlitePathFromUrl(url);
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${options.synchronous ?? 'NORMAL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}
