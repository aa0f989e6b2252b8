import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { checkpointInBackground } from './sqlite-checkpoint';

/*
 * The background checkpointer (SQLite only): the serving connection never checkpoints, the WAL stays
 * bounded under sustained writes, every commit is still there after closing and reopening, and a
 * failed worker hands checkpoints back to the serving connection.
 */

const dir = mkdtempSync(join(tmpdir(), 'jornada-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const walBytes = (path: string) => (existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function serving(path: string) {
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.exec('create table if not exists rows (id integer primary key, body text not null)');
  return sqlite;
}

/** Small transactions until `bytes` are written, a timer turn apart like requests; the largest WAL seen. */
async function writeBytes(sqlite: BetterSqlite3.Database, path: string, bytes: number): Promise<number> {
  const insert = sqlite.prepare('insert into rows (body) values (?)');
  const body = 'x'.repeat(3000);
  let maxWal = 0;
  for (let written = 0; written < bytes; written += 8 * body.length) {
    sqlite.transaction(() => {
      for (let i = 0; i < 8; i += 1) insert.run(body);
    })();
    maxWal = Math.max(maxWal, walBytes(path));
    await sleep(0);
  }
  return maxWal;
}

describe('background WAL checkpoints (SQLite)', () => {
  it('keeps the WAL bounded under sustained writes while the serving connection never checkpoints', async () => {
    const path = join(dir, 'bounded.db');
    const sqlite = serving(path);
    const checkpointer = checkpointInBackground(sqlite, path, { intervalMs: 20, restartAboveBytes: 4 * 1024 * 1024 });
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    // Unchecked, the WAL would hold all 40 MB; it stays within a few times the bound.
    const maxWal = await writeBytes(sqlite, path, 40 * 1024 * 1024);
    expect(maxWal).toBeLessThan(12 * 1024 * 1024);
    // Once writes stop, the worker copies everything back.
    await sleep(200);
    const [status] = sqlite.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
    expect(status!.checkpointed).toBe(status!.log);
    await checkpointer.stop();
    sqlite.close();
    expect(walBytes(path)).toBe(0);
  });

  it('restarts the log from the serving connection, between its transactions, once it passes the bound', async () => {
    const path = join(dir, 'restart.db');
    const sqlite = serving(path);
    const pragmas: string[] = [];
    const pragma = sqlite.pragma.bind(sqlite);
    sqlite.pragma = ((source: string, options?: BetterSqlite3.PragmaOptions) => {
      pragmas.push(source);
      return pragma(source, options);
    }) as typeof sqlite.pragma;
    const checkpointer = checkpointInBackground(sqlite, path, { intervalMs: 10, restartAboveBytes: 256 * 1024 });
    const insert = sqlite.prepare('insert into rows (body) values (?)');
    sqlite.transaction(() => {
      for (let i = 0; i < 200; i += 1) insert.run('x'.repeat(3000));
    })();
    expect(walBytes(path)).toBeGreaterThan(256 * 1024);
    for (let i = 0; i < 100 && !pragmas.includes('wal_checkpoint(RESTART)'); i += 1) await sleep(10);
    expect(pragmas).toContain('wal_checkpoint(RESTART)');
    // The next commit writes from the log's start and trims the file to the bound.
    insert.run('y');
    const observer = new BetterSqlite3(path);
    expect((observer.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]!.log).toBeLessThan(16);
    expect(walBytes(path)).toBeLessThanOrEqual(256 * 1024);
    expect(sqlite.prepare('select count(*) as n from rows').get()).toEqual({ n: 201 });
    observer.close();
    await checkpointer.stop();
    sqlite.close();
  });

  it('loses no commit: everything written is there after closing and reopening', async () => {
    const url = `sqlite:${join(dir, 'reopen.db')}`;
    const database = openDatabase(url, { backgroundCheckpoint: true });
    expect((await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(database.db)).rows[0]!.wal_autocheckpoint).toBe(0);
    await sql`create table items (id integer primary key, body text not null)`.execute(database.db);
    for (let batch = 0; batch < 50; batch += 1) {
      await database.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 20; i += 1) await sql`insert into items (body) values (${`fila ${batch}-${i}`})`.execute(trx);
      });
      await sleep(2);
    }
    await database.destroy();
    const reopened = openDatabase(url);
    try {
      expect((await sql<{ n: number }>`select count(*) as n from items`.execute(reopened.db)).rows[0]!.n).toBe(1000);
      expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(reopened.db)).rows[0]!.integrity_check).toBe('ok');
    } finally {
      await reopened.destroy();
    }
  });

  it('hands checkpoints back to the serving connection when the worker fails', async () => {
    const path = join(dir, 'fallback.db');
    const sqlite = serving(path);
    const failures: Error[] = [];
    // The worker opens with fileMustExist: a missing file makes it fail at once.
    const checkpointer = checkpointInBackground(sqlite, join(dir, 'missing.db'), { onError: (error) => failures.push(error) });
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    for (let i = 0; i < 100 && failures.length === 0; i += 1) await sleep(20);
    expect(failures.length).toBe(1);
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    await checkpointer.stop();
    sqlite.close();
  });
});
