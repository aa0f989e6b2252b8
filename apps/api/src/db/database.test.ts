import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { connectionOptions, openDatabase } from './database';

/*
 * The SQLite settings the crash-safety promise rests on (docs/security.md, section 6): WAL, so a
 * killed process never leaves a half-written page; synchronous NORMAL by default (a commit survives a
 * killed process, not a power cut) or FULL (fsync at every commit); foreign keys; a busy timeout.
 */

const dir = mkdtempSync(join(tmpdir(), 'jornada-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function pragma(url: string, synchronous?: 'NORMAL' | 'FULL') {
  const database = openDatabase(url, synchronous ? { synchronous } : {});
  try {
    const read = async (name: string) => Object.values((await sql.raw(`PRAGMA ${name}`).execute(database.db)).rows[0] as object)[0];
    return {
      journalMode: await read('journal_mode'),
      synchronous: await read('synchronous'),
      foreignKeys: await read('foreign_keys'),
      busyTimeout: await read('busy_timeout'),
    };
  } finally {
    await database.destroy();
  }
}

describe('SQLite settings', () => {
  it('opens a file in WAL mode with synchronous NORMAL, foreign keys and a busy timeout by default', async () => {
    expect(await pragma(`sqlite:${join(dir, 'default.db')}`)).toEqual({ journalMode: 'wal', synchronous: 1, foreignKeys: 1, busyTimeout: 5000 });
  });

  it('uses synchronous FULL (fsync at every commit) when SQLITE_SYNCHRONOUS=FULL', async () => {
    const config = loadConfig({ SQLITE_SYNCHRONOUS: 'full' });
    expect(config.sqliteSynchronous).toBe('FULL');
    expect((await pragma(`sqlite:${join(dir, 'full.db')}`, config.sqliteSynchronous)).synchronous).toBe(2);
    expect(loadConfig({}).sqliteSynchronous).toBe('NORMAL');
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL && /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL) ? process.env.TEST_DATABASE_URL : undefined;

/*
 * PostgreSQL's JIT compiled the registro's year read for ~1 s at 4x and 16x the bench's data, where
 * the read itself took 150-300 ms (docs/decisions/057): each connection starts with it off.
 */
describe('PostgreSQL connection settings', () => {
  it('turns JIT off, and lets PGOPTIONS come after so an operator can turn it back on', () => {
    expect(connectionOptions({})).toBe('-c jit=off');
    expect(connectionOptions({ PGOPTIONS: '-c jit=on -c work_mem=16MB' })).toBe('-c jit=off -c jit=on -c work_mem=16MB');
  });

  it.runIf(postgresUrl)('every pooled connection has JIT off', async () => {
    const database = openDatabase(postgresUrl);
    try {
      const settings = await Promise.all(Array.from({ length: 3 }, () => sql<{ jit: string }>`show jit`.execute(database.db)));
      expect(settings.map((result) => result.rows[0]?.jit)).toEqual(['off', 'off', 'off']);
    } finally {
      await database.destroy();
    }
  });
});
