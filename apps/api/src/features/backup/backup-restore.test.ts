import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/database';
import { prepareDatabase } from '../../db/prepare';
import { checkDatabaseFile } from '../../db/sqlite-backup';
import { seedDemo, type DemoSeed } from '../../demo/demo';
import { jobHandlers } from '../../jobs/job-handlers';
import { JobRunner } from '../../jobs/job-runner';
import { keyFilePath, loadChainKeyring, useChainKeyring, type ChainKeySettings } from '../../ledgers/registro-chain/chain-key';
import { verifyRegistro } from '../../ledgers/registro-chain/registro-verify';
import { createMailer } from '../mail/mailer';
import { createTestClock } from '../../test/test-app';
import { makeBackup, restoreBackup } from './backup.service';
import { dailyBackupAt, seedDailyBackup } from './daily-backup';

/*
 * Issue 28, item 1 (docs/decisions/049): the restore drill on SQLite files. A server (the real app on
 * a file, with its background checkpointer) serves and writes while the backup is taken; the data
 * folder is wiped; the backup is restored; the registro chain verifies with the key that came back
 * from beside the backup, and people sign in. The key comes from the key file here (not the tests'
 * REGISTRO_CHAIN_KEY), as on a default installation.
 */

const sqliteOnly = !/^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? '');
const repoRoot = resolve(import.meta.dirname, '../../../../..');
const dir = mkdtempSync(join(tmpdir(), 'jornada-backup-'));
const dataDir = join(dir, 'data');
const databasePath = join(dataDir, 'jornada.db');
const backupDir = join(dir, 'copias');
const keySettings: ChainKeySettings = { key: undefined, oldKeys: undefined, dataDir };
const clock = createTestClock('2026-11-26T10:00:00Z');

interface Server {
  app: FastifyInstance;
  database: Database;
  login: (username: string, password: string) => Promise<number>;
  close: () => Promise<void>;
}

/** The app on the SQLite file, as server.ts opens it (its key from the data folder). */
async function startServer(): Promise<Server> {
  useChainKeyring(loadChainKeyring(keySettings));
  const database = openDatabase(`sqlite:${databasePath}`, { backgroundCheckpoint: true });
  await prepareDatabase(database.db, clock());
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, clock, webDistDir: '/nonexistent' });
  await app.ready();
  return {
    app,
    database,
    login: async (username, password) =>
      (await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-requested-with': 'jornada' }, payload: { username, password } })).statusCode,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

async function count(database: Database, table: 'time_records' | 'registro_chain' | 'files' | 'companies'): Promise<number> {
  const row = await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

let demo: DemoSeed;
let before: { timeRecords: number; chain: number; files: number };
let backupPath: string;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.runIf(sqliteOnly)('backup and restore drill (SQLite)', () => {
  beforeAll(async () => {
    const server = await startServer();
    try {
      demo = (await seedDemo(server.database.db, clock())) as DemoSeed;
      before = { timeRecords: await count(server.database, 'time_records'), chain: await count(server.database, 'registro_chain'), files: await count(server.database, 'files') };
    } finally {
      await server.close();
    }
  });

  it('backs up while the server writes, wipes, restores: the chain verifies and people sign in', async () => {
    expect(before.timeRecords).toBeGreaterThan(0);
    expect(before.chain).toBeGreaterThan(0);
    // Signatures and documents are rows of `files` (decision 036): inside the copy.
    expect(before.files).toBeGreaterThan(0);
    const supervisora = demo.find((person) => person.username === 'demo.supervisora');
    const juan = demo.find((person) => person.username === 'demo.juan');
    if (!supervisora || !juan) throw new Error('demo people missing');

    const server = await startServer();
    try {
      // Sign-ins write sessions while the copy is taken.
      const writes = Promise.all(Array.from({ length: 6 }, () => server.login(supervisora.username, supervisora.password)));
      const result = await makeBackup({ databasePath, backupDir, keySettings, now: clock() });
      expect(await writes).toEqual(Array(6).fill(200));
      backupPath = result.path;
      expect(result.path).toBe(join(backupDir, 'jornada-20261126-100000.db'));
      expect(result.keyWarning).toBeUndefined();
      expect(readFileSync(result.keyPath as string)).toEqual(readFileSync(keyFilePath(keySettings)));
      expect(statSync(result.keyPath as string).mode & 0o777).toBe(0o600);
      expect(statSync(result.path).mode & 0o777).toBe(0o600);
      expect((await checkDatabaseFile(result.path)).pendingMigrations).toBe(0);
      // One self-contained file: no WAL beside it.
      expect(readdirSync(backupDir).sort()).toEqual(['jornada-20261126-100000.db', 'jornada-20261126-100000.registro-chain.key']);
      // After the copy: not in it.
      await server.database.db.insertInto('action_log').values({ id: 'log_after_backup', actor_id: null, actor_name: 'Sistema', company_id: null, kind: 'test', message: 'después de la copia', created_at: clock().toISOString() }).execute();
    } finally {
      await server.close();
    }

    rmSync(dataDir, { recursive: true, force: true });
    const restored = await restoreBackup({ file: backupPath, databasePath, keySettings, now: clock() });
    expect(restored).toEqual({ asidePath: undefined, pendingMigrations: 0, keyRestored: keyFilePath(keySettings), keyWarning: undefined });
    expect(statSync(keyFilePath(keySettings)).mode & 0o777).toBe(0o600);

    const again = await startServer();
    try {
      const verification = await verifyRegistro(again.database.db, clock(), loadChainKeyring(keySettings, { allowGenerate: false }));
      expect(verification.ok).toBe(true);
      expect(verification.companies.reduce((sum, company) => sum + company.entries, 0)).toBe(before.chain);
      expect(await count(again.database, 'time_records')).toBe(before.timeRecords);
      expect(await count(again.database, 'files')).toBe(before.files);
      expect(await again.database.db.selectFrom('action_log').select('id').where('id', '=', 'log_after_backup').executeTakeFirst()).toBeUndefined();
      expect(await again.login(supervisora.username, supervisora.password)).toBe(200);
      expect(await again.login(juan.username, juan.password)).toBe(200);
      expect(await again.login(juan.username, 'otra-Clave!1')).toBe(401);
    } finally {
      await again.close();
    }
  });

  it('refuses while a server uses the database, refuses a damaged file, and keeps the replaced database aside', async () => {
    const server = await startServer();
    try {
      await expect(restoreBackup({ file: backupPath, databasePath, keySettings, now: clock() })).rejects.toMatchObject({ code: 'SERVER_RUNNING' });
      // The server is untouched and still serves.
      expect(await server.login(demo[0]!.username, demo[0]!.password)).toBe(200);
      await server.database.db.insertInto('action_log').values({ id: 'log_replaced', actor_id: null, actor_name: 'Sistema', company_id: null, kind: 'test', message: 'antes de restaurar', created_at: clock().toISOString() }).execute();
    } finally {
      await server.close();
    }

    const damaged = join(dir, 'dañada.db');
    const good = readFileSync(backupPath);
    writeFileSync(damaged, Buffer.concat([good.subarray(0, 4096 * 3), Buffer.alloc(good.length - 4096 * 3, 0x5a)]));
    await expect(restoreBackup({ file: damaged, databasePath, keySettings, now: clock() })).rejects.toMatchObject({ code: 'BAD_COPY', message: expect.stringContaining('dañada') });
    writeFileSync(damaged, 'esto no es una base de datos');
    await expect(restoreBackup({ file: damaged, databasePath, keySettings, now: clock() })).rejects.toMatchObject({ code: 'BAD_COPY' });
    await expect(restoreBackup({ file: join(dir, 'no-existe.db'), databasePath, keySettings, now: clock() })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Nothing of the refused restores is left, and the target was not touched.
    expect(readdirSync(dataDir).filter((name) => name.includes('antes-de-restaurar') || name.includes('restaurando'))).toEqual([]);

    clock.advance(60_000);
    const restored = await restoreBackup({ file: backupPath, databasePath, keySettings, now: clock() });
    expect(restored.asidePath).toBe(`${databasePath}.antes-de-restaurar-20261126-100100`);
    expect(restored.keyRestored).toBeUndefined();
    expect(restored.keyWarning).toBeUndefined();
    expect(existsSync(`${databasePath}-wal`)).toBe(false);
    // The replaced database is whole (its WAL folded in) and untouched by the refused restores: it still has the row written last.
    await checkDatabaseFile(restored.asidePath as string);
    const aside = openDatabase(`sqlite:${restored.asidePath as string}`);
    try {
      expect(await aside.db.selectFrom('action_log').select('id').where('id', '=', 'log_replaced').executeTakeFirst()).toEqual({ id: 'log_replaced' });
    } finally {
      await aside.destroy();
    }
    const server2 = await startServer();
    try {
      expect(await server2.database.db.selectFrom('action_log').select('id').where('id', '=', 'log_replaced').executeTakeFirst()).toBeUndefined();
    } finally {
      await server2.close();
    }
  });

  it('the daily backup runs through the job runner once a day and keeps BACKUP_KEEP copies', async () => {
    const dailyDir = join(dir, 'diarias');
    mkdirSync(dailyDir);
    writeFileSync(join(dailyDir, 'jornada-20200101-000000.db'), 'una copia manual: nunca se borra');
    const server = await startServer();
    const lines: string[] = [];
    const runner = new JobRunner({
      db: server.database.db,
      dialect: 'sqlite',
      clock,
      handlers: jobHandlers({
        timeZone: 'Europe/Madrid',
        mailer: createMailer({ smtpUrl: undefined, from: 'Jornada <no-reply@example.test>' }),
        publicUrl: 'http://localhost',
        backup: { databasePath, backupDir: dailyDir, keep: 2, keySettings, log: (line) => lines.push(line) },
      }),
    });
    try {
      const jobsOfKind = () => server.database.db.selectFrom('jobs').select(['id', 'status', 'run_at']).where('kind', '=', 'backup.daily').orderBy('id').execute();
      clock.set('2026-11-26T10:00:00Z');
      // Every start seeds today's; twice is still one job.
      await seedDailyBackup(server.database.db, clock(), 'Europe/Madrid');
      await seedDailyBackup(server.database.db, clock(), 'Europe/Madrid');
      expect(await jobsOfKind()).toEqual([{ id: 'job_backup-daily_2026-11-26', status: 'pending', run_at: '2026-11-26T02:00:00.000Z' }]);
      for (const day of ['2026-11-26T10:00:00Z', '2026-11-27T02:00:00Z', '2026-11-28T02:00:00Z']) {
        clock.set(day);
        // Several runners (or passes) at once: the job is claimed once.
        const ran = await Promise.all([runner.runDue(), runner.runDue()]);
        expect(ran.reduce((a, b) => a + b, 0)).toBe(1);
      }
      expect(await runner.runDue()).toBe(0);
      expect((await jobsOfKind()).map((job) => [job.id, job.status])).toEqual([
        ['job_backup-daily_2026-11-26', 'done'],
        ['job_backup-daily_2026-11-27', 'done'],
        ['job_backup-daily_2026-11-28', 'done'],
        ['job_backup-daily_2026-11-29', 'pending'],
      ]);
      expect(dailyBackupAt('2026-11-29', 'Europe/Madrid').toISOString()).toBe('2026-11-29T02:00:00.000Z');
      expect(readdirSync(dailyDir).sort()).toEqual([
        'jornada-20200101-000000.db',
        'jornada-diaria-20261127-020000.db',
        'jornada-diaria-20261127-020000.registro-chain.key',
        'jornada-diaria-20261128-020000.db',
        'jornada-diaria-20261128-020000.registro-chain.key',
      ]);
      await checkDatabaseFile(join(dailyDir, 'jornada-diaria-20261128-020000.db'));
      expect(lines.at(-1)).toContain('Copias diarias antiguas borradas (se conservan 2): 1');

      // Down for a week: the missed day's job makes no copy but schedules today's, which makes one.
      clock.set('2026-12-05T09:00:00Z');
      expect(await runner.runDue()).toBe(1);
      expect(await runner.runDue()).toBe(1);
      expect(await runner.runDue()).toBe(0);
      expect((await jobsOfKind()).slice(-3).map((job) => [job.id, job.status])).toEqual([
        ['job_backup-daily_2026-11-29', 'done'],
        ['job_backup-daily_2026-12-05', 'done'],
        ['job_backup-daily_2026-12-06', 'pending'],
      ]);
      expect(readdirSync(dailyDir).filter((name) => name.startsWith('jornada-diaria-') && name.endsWith('.db'))).toEqual(['jornada-diaria-20261128-020000.db', 'jornada-diaria-20261205-090000.db']);
    } finally {
      await runner.stop();
      await server.close();
    }
  });

  it('npm run backup and npm run restore as processes of their own: a copy while the server runs, and a restore refused', async () => {
    const server = await startServer();
    try {
      const env = { ...process.env, DATABASE_URL: `sqlite:${databasePath}`, REGISTRO_CHAIN_KEY: '', DATA_DIR: '', BACKUP_DIR: '' };
      const run = (script: string, args: string[]) =>
        new Promise<{ code: number | null; stdout: string; stderr: string }>((resolveRun) => {
          const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/api/src/cli', script), ...args], { cwd: repoRoot, env });
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
          child.on('close', (code) => resolveRun({ code, stdout, stderr }));
        });
      const cliDir = join(dir, 'cli');
      // Both at once (each process takes seconds to start): the server keeps answering and writing
      // sessions while the other process copies, and refuses to be replaced by the third.
      const backup = run('backup.ts', [cliDir]);
      const refusal = run('restore.ts', [backupPath]);
      let signIns = 0;
      let done = false;
      void Promise.all([backup, refusal]).then(() => (done = true));
      while (!done) {
        expect(await server.login(demo[1]!.username, demo[1]!.password)).toBe(200);
        signIns += 1;
        await new Promise((wait) => setTimeout(wait, 20));
      }
      const { code, stdout, stderr } = await backup;
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(signIns).toBeGreaterThan(0);
      const [copy] = readdirSync(cliDir).filter((name) => name.endsWith('.db'));
      expect(stdout).toContain(`Copia de seguridad creada y comprobada (integrity_check correcto): ${join(cliDir, copy as string)}`);
      expect(stdout).toContain('Clave de la cadena del registro copiada junto a ella');
      await checkDatabaseFile(join(cliDir, copy as string));

      const refused = await refusal;
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('está usando');
      expect(readdirSync(dataDir).filter((name) => name.includes('antes-de-restaurar')).length).toBe(1);
      expect(await server.login(demo[1]!.username, demo[1]!.password)).toBe(200);
    } finally {
      await server.close();
    }
  });
});
