import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { migrationProvider } from './migrations/index';
import { prepareDatabase } from './prepare';

/*
 * Issue 21, item 0: a process killed inside a migration must never leave a database that cannot
 * start. The child process (test/migrate-then-die.ts) runs the real migrations and SIGKILLs itself at
 * a chosen statement of a chosen migration, so the kill lands in the same place every run. The next
 * start must find that migration either wholly applied or not at all, and go on to the latest schema.
 */

const here = resolve(import.meta.dirname);
const repoRoot = resolve(here, '../../../..');
const child = join(here, '../test/migrate-then-die.ts');
const dir = mkdtempSync(join(tmpdir(), 'jornada-migrate-kill-'));
const pgBase = process.env.TEST_DATABASE_URL && /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL) ? process.env.TEST_DATABASE_URL : undefined;
const dropAfter: string[] = [];

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (!pgBase) return;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  for (const name of dropAfter) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

let sequence = 0;
/** A new empty database of the engine under test (SQLite file, or a PostgreSQL database). */
async function emptyDatabaseUrl(): Promise<string> {
  sequence++;
  if (!pgBase) return `sqlite:${join(dir, `kill-${sequence}.db`)}`;
  const name = `jornada_migrate_kill_${process.pid}_${sequence}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  dropAfter.push(name);
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  return url.toString();
}

async function tableExists(url: string, table: string): Promise<boolean> {
  const database = openDatabase(url);
  try {
    const tables = await database.db.introspection.getTables();
    return tables.some((t) => t.name === table);
  } finally {
    await database.destroy();
  }
}

async function recordedMigrations(url: string): Promise<string[]> {
  const database = openDatabase(url);
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
    return rows.map((row) => row.name);
  } finally {
    await database.destroy();
  }
}

const allMigrations = Object.keys(await migrationProvider.getMigrations()).sort();
const FILES = '2026-11-21-0070-files-documents-reports';
const LAST = allMigrations.at(-1) as string;

describe.each([
  { migration: FILES, when: 'after-up', table: 'files' },
  { migration: FILES, when: 'mid-up', table: 'files' },
  { migration: LAST, when: 'after-up', table: undefined },
])('killed inside $migration ($when)', ({ migration, when, table }) => {
  it('leaves that migration unapplied and unrecorded, and the next start migrates to the latest schema', async () => {
    const url = await emptyDatabaseUrl();
    const run = spawnSync(process.execPath, ['--import', 'tsx', child, url, migration, when], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
    expect(run.signal, run.stderr).toBe('SIGKILL');

    const before = await recordedMigrations(url);
    expect(before).toEqual(allMigrations.slice(0, allMigrations.indexOf(migration)));
    if (table) expect(await tableExists(url, table)).toBe(false);

    const database = openDatabase(url);
    try {
      await prepareDatabase(database.db, new Date('2026-11-26T08:00:00Z'));
      await migrateToLatest(database.db);
    } finally {
      await database.destroy();
    }
    expect(await recordedMigrations(url)).toEqual(allMigrations);
    if (table) expect(await tableExists(url, table)).toBe(true);
  });
});

describe.runIf(pgBase)('several servers migrating one empty PostgreSQL database at once', () => {
  it('all start: one migrates while the others wait, and each migration is recorded once', async () => {
    const url = await emptyDatabaseUrl();
    // Staggered starts, so later servers look at the catalog while the first is changing it (the
    // failure CI met: a column dropped under another server's introspection).
    const servers = Array.from({ length: 6 }, () => openDatabase(url));
    try {
      const outcomes = await Promise.allSettled(
        servers.map(async (server, index) => {
          await new Promise((resolve) => setTimeout(resolve, index * 120));
          await migrateToLatest(server.db);
        }),
      );
      expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason?.cause ?? outcome.reason) : 'ok'))).toEqual(servers.map(() => 'ok'));
    } finally {
      for (const server of servers) await server.destroy();
    }
    expect(await recordedMigrations(url)).toEqual(allMigrations);
  });
});
