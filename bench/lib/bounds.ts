/**
 * The database bounds (bench/bound-server-postgres.mjs, bench/bound-server-sqlite.mjs, issue 29):
 * minimal node:http servers that do the product's database work for the session, dashboard and
 * clock-cycle rows with the driver alone, against the database the product uses in the same run.
 * Each is its own process (as bench/baseline-server.mjs), idle except while its own rows run.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type ServerProcess } from './processes';
import type { SeedInfo } from './seed';

const benchDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The product's pg.Pool size today (apps/api/src/db/database.ts: `max: 10`). */
export const PRODUCT_PG_POOL_SIZE = 10;

/**
 * The variable that carries the pool size to both processes. The bound reads it; the product
 * server gets the same value under the same name, so a server that reads it (issue 29's tuning)
 * holds as many connections as its bound.
 */
export const POOL_SIZE_ENV = 'DATABASE_POOL_SIZE';

/** BENCH_PG_POOL_SIZE, else the product's size: both servers hold as many PostgreSQL connections. */
export function benchPoolSize(): number {
  return Number(process.env.BENCH_PG_POOL_SIZE ?? PRODUCT_PG_POOL_SIZE);
}

/** The bound's environment: its database, its pool size. REGISTRO_CHAIN_KEY is inherited (run.ts sets it). */
export function boundServerEnv(databaseUrl: string, _seed?: SeedInfo, poolSize = benchPoolSize()): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    [POOL_SIZE_ENV]: String(poolSize),
    TZ_DEFAULT: process.env.TZ_DEFAULT || 'Europe/Madrid',
    // The SQLite bound's commits: one per write (issue 29, the default) or shared as the product's.
    BOUND_GROUP_COMMIT: process.env.BENCH_SQLITE_BOUND_GROUP_COMMIT === '1' ? '1' : '0',
  };
}

/** Starts the engine's bound on `databaseUrl` (already seeded and migrated by the product). */
export function startBound(engine: 'sqlite' | 'postgres', databaseUrl: string, logFile: string, poolSize = benchPoolSize()): Promise<ServerProcess> {
  const script = join(benchDir, engine === 'postgres' ? 'bound-server-postgres.mjs' : 'bound-server-sqlite.mjs');
  return startServer(script, boundServerEnv(databaseUrl, undefined, poolSize), logFile, '/health');
}
