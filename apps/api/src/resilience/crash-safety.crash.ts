import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { verifyRegistro } from '../ledgers/registro-chain/registro-verify';
import {
  freePort,
  generatedPassword,
  HttpClient,
  seedCompany,
  serverBundle,
  signIn,
  someLocation,
  spawnServer,
  startServer,
  type ServerProcess,
} from './server-process';

/*
 * Crash safety (issue 9, item 6; docs/security.md): the real server process on one SQLite file, a
 * load of clock-ins and clock-outs from several keep-alive clients, SIGKILL at seeded random moments,
 * a restart on the same file each time, and after every restart: every clock-in/clock-out a client saw
 * acknowledged (a whole 2xx answer) is in the file with that state, PRAGMA integrity_check is ok, no
 * user has two active records, the registro hash chain verifies, and the server answers. Run by
 * `npm run test:crash`.
 *
 * CRASH_KILLS (target, default 30), CRASH_MIN_KILLS (20) and CRASH_BUDGET_S (100): the kills stop at the
 * target, or once the budget is spent and the minimum is reached (a restart costs 1-8 s on a busy
 * 2-core machine, almost all of it loading modules). CRASH_SEED (default random, printed),
 * CRASH_EMPLOYEES (12), CRASH_CLIENTS (6).
 */

const KILLS = Number(process.env.CRASH_KILLS ?? 30);
const MIN_KILLS = Math.min(KILLS, Number(process.env.CRASH_MIN_KILLS ?? 20));
const BUDGET_MS = Number(process.env.CRASH_BUDGET_S ?? 100) * 1000;
const BOOT_KILLS = 3;
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const EMPLOYEES = Number(process.env.CRASH_EMPLOYEES ?? 12);
const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 6);

/** mulberry32: a small seeded generator, so a failing run can be replayed with CRASH_SEED. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

/** What the clients know about one time record. */
interface KnownRecord {
  userId: string;
  startTime: string;
  /** 'activo' after an acknowledged start (or a GET that showed it), 'completado' after an acknowledged stop. */
  status: 'activo' | 'completado';
  endTime: string | null;
  /** A stop whose answer never came: the record may be either state. */
  stopInDoubt: boolean;
  acknowledgedBy: 'start' | 'stop' | 'observed';
}

interface Employee {
  id: string;
  cookie: string;
  /** The active record as last known; undefined when a request's outcome is unknown. */
  active: string | null | undefined;
}

interface TimeRecordBody {
  id: string;
  userId: string;
  startTime: string;
  endTime: string | null;
  status: 'activo' | 'completado';
}

const isRecord = (body: unknown): body is TimeRecordBody => typeof body === 'object' && body !== null && 'id' in body && 'status' in body;

/** A gate the clients pass before each request; closed while the server is killed and checked. */
class Gate {
  private opened: Promise<void> = Promise.resolve();
  private release: (() => void) | undefined;
  close(): void {
    if (this.release) return;
    this.opened = new Promise((resolveGate) => (this.release = resolveGate));
  }
  open(): void {
    this.release?.();
    this.release = undefined;
  }
  pass(): Promise<void> {
    return this.opened;
  }
}

const dir = mkdtempSync(join(tmpdir(), 'jornada-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('crash safety: SIGKILL under a clock-in load on SQLite', () => {
  it(
    `survives ${MIN_KILLS}-${KILLS} kills during the load (and ${BOOT_KILLS} during start) without losing an acknowledged clock-in or clock-out`,
    async () => {
      const random = seededRandom(SEED);
      const bundle = serverBundle();
      const dbPath = join(dir, 'jornada.db');
      const options = { bundle, port: await freePort(), databaseUrl: `sqlite:${dbPath}`, adminPassword: generatedPassword() };
      console.log(`crash test: seed ${SEED}, bundle ${bundle}, database ${dbPath}`);

      // Kills while the server starts on a new file (migrations, seed, the administrator's hash).
      for (let kill = 0; kill < BOOT_KILLS; kill += 1) {
        const booting = spawnServer(options);
        await sleep(100 + random() * 900);
        await booting.kill();
      }

      let server: ServerProcess = await startServer(options);
      const admin = new HttpClient(server.baseUrl, { keepAlive: false });
      const adminCookie = await signIn(admin, 'admin', options.adminPassword);
      const company = await seedCompany(admin, adminCookie, { employees: EMPLOYEES, prefix: `crash${SEED}` });
      const employees: Employee[] = [];
      for (const seeded of company.employees) employees.push({ id: seeded.id, cookie: await signIn(admin, seeded.username, seeded.password), active: null });
      admin.close();

      const known = new Map<string, KnownRecord>();
      const failures: string[] = [];
      const counts = { startsAcknowledged: 0, stopsAcknowledged: 0, inDoubt: 0, doubleStarts: 0, refusedDuplicates: 0, resyncs: 0 };
      const gate = new Gate();
      let inFlight = 0;
      let running = true;

      const remember = (record: TimeRecordBody, acknowledgedBy: KnownRecord['acknowledgedBy']) => {
        const previous = known.get(record.id);
        known.set(record.id, {
          userId: record.userId,
          startTime: record.startTime,
          status: record.status,
          endTime: record.endTime,
          // Seen active again after the restart: the clock-out that got no answer did not commit.
          stopInDoubt: acknowledgedBy === 'observed' ? false : (previous?.stopInDoubt ?? false),
          acknowledgedBy: previous && acknowledgedBy === 'observed' ? previous.acknowledgedBy : acknowledgedBy,
        });
      };

      const start = async (client: HttpClient, employee: Employee) => {
        const copies = random() < 0.15 ? 2 : 1;
        if (copies === 2) counts.doubleStarts += 1;
        const answers = await Promise.allSettled(
          Array.from({ length: copies }, () =>
            client.request('POST', '/api/time-records/start', { cookie: employee.cookie, body: { eventId: company.eventId, location: someLocation } }),
          ),
        );
        let started: string | null = null;
        let doubt = false;
        for (const answer of answers) {
          if (answer.status === 'rejected') {
            doubt = true;
            counts.inDoubt += 1;
          } else if (answer.value.status === 201 && isRecord(answer.value.body)) {
            counts.startsAcknowledged += 1;
            remember(answer.value.body, 'start');
            if (started) failures.push(`two clock-ins acknowledged at once for ${employee.id}: ${started} and ${answer.value.body.id}`);
            started = answer.value.body.id;
          } else if (answer.value.status === 409 && copies === 2) {
            counts.refusedDuplicates += 1;
          } else {
            failures.push(`clock-in of ${employee.id}: unexpected ${answer.value.status} ${JSON.stringify(answer.value.body)}`);
            doubt = true;
          }
        }
        employee.active = doubt ? undefined : started;
      };

      const stop = async (client: HttpClient, employee: Employee, recordId: string) => {
        try {
          const answer = await client.request('POST', `/api/time-records/${recordId}/stop`, { cookie: employee.cookie, body: { location: someLocation } });
          if (answer.status === 200 && isRecord(answer.body)) {
            counts.stopsAcknowledged += 1;
            remember(answer.body, 'stop');
            employee.active = null;
          } else {
            failures.push(`clock-out of ${recordId}: unexpected ${answer.status} ${JSON.stringify(answer.body)}`);
            employee.active = undefined;
          }
        } catch {
          counts.inDoubt += 1;
          const record = known.get(recordId);
          if (record) record.stopInDoubt = true;
          employee.active = undefined;
        }
      };

      /** After an unknown outcome: ask the server (GET /time-records/active) what is true now. */
      const resync = async (client: HttpClient, employee: Employee) => {
        counts.resyncs += 1;
        try {
          const answer = await client.request('GET', '/api/time-records/active', { cookie: employee.cookie });
          if (answer.status !== 200) {
            failures.push(`active timer of ${employee.id}: unexpected ${answer.status} ${JSON.stringify(answer.body)}`);
            return;
          }
          const record = (answer.body as { record: TimeRecordBody | null }).record;
          if (record) remember(record, 'observed');
          employee.active = record?.id ?? null;
        } catch {
          // Killed again: still unknown.
        }
      };

      const worker = async (index: number) => {
        // The port stays the same across restarts; the keep-alive sockets die with each process.
        const client = new HttpClient(server.baseUrl, { maxSockets: 2 });
        const mine = employees.filter((_, position) => position % CLIENTS === index);
        let turn = 0;
        try {
          while (running) {
            await gate.pass();
            if (!running) break;
            const employee = mine[turn++ % mine.length]!;
            inFlight += 1;
            try {
              if (employee.active === undefined) await resync(client, employee);
              else if (employee.active === null) await start(client, employee);
              else await stop(client, employee, employee.active);
            } finally {
              inFlight -= 1;
            }
          }
        } finally {
          client.close();
        }
      };

      /** Reads the file beside the running server: integrity, the unique index, every known record. */
      const check = (label: string) => {
        const db = new BetterSqlite3(dbPath, { readonly: true, fileMustExist: true });
        try {
          const integrity = db.pragma('integrity_check') as { integrity_check: string }[];
          if (integrity.length !== 1 || integrity[0]!.integrity_check !== 'ok') failures.push(`${label}: integrity_check ${JSON.stringify(integrity)}`);
          const foreignKeys = db.pragma('foreign_key_check') as unknown[];
          if (foreignKeys.length > 0) failures.push(`${label}: foreign_key_check ${JSON.stringify(foreignKeys.slice(0, 5))}`);
          const mode = db.pragma('journal_mode', { simple: true });
          if (mode !== 'wal') failures.push(`${label}: journal_mode ${String(mode)}`);
          const index = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'time_records_one_active_idx'").get();
          if (!index) failures.push(`${label}: the unique index of active records is missing`);
          const doubles = db.prepare("SELECT user_id, COUNT(*) AS n FROM time_records WHERE status = 'activo' GROUP BY user_id HAVING COUNT(*) > 1").all();
          if (doubles.length > 0) failures.push(`${label}: users with two active records ${JSON.stringify(doubles)}`);
          const rows = db.prepare('SELECT id, user_id, status, start_time, end_time FROM time_records WHERE company_id = ?').all(company.companyId) as {
            id: string;
            user_id: string;
            status: string;
            start_time: string;
            end_time: string | null;
          }[];
          const stored = new Map(rows.map((row) => [row.id, row]));
          for (const [id, record] of known) {
            const row = stored.get(id);
            if (!row) {
              failures.push(`${label}: acknowledged record ${id} (${record.acknowledgedBy}) is missing`);
              continue;
            }
            if (row.user_id !== record.userId || row.start_time !== record.startTime) failures.push(`${label}: record ${id} changed: ${JSON.stringify(row)}`);
            if (record.status === 'completado') {
              if (row.status !== 'completado' || row.end_time !== record.endTime) failures.push(`${label}: acknowledged clock-out of ${id} lost: ${JSON.stringify(row)}`);
            } else if (row.status !== 'activo' && !record.stopInDoubt) {
              failures.push(`${label}: ${id} completed without a clock-out: ${JSON.stringify(row)}`);
            }
          }
          return rows.length;
        } finally {
          db.close();
        }
      };

      /** The registro chain (every clock-in/out sealed in the company's SHA-256 chain) verifies. */
      const checkChain = async (label: string) => {
        const database = openDatabase(`sqlite:${dbPath}`);
        try {
          const verification = await verifyRegistro(database.db);
          if (!verification.ok) failures.push(`${label}: registro chain broken ${JSON.stringify(verification.companies.filter((company) => !company.ok))}`);
          return verification.companies.reduce((total, company) => total + company.entries, 0);
        } finally {
          await database.destroy();
        }
      };

      const workers = Array.from({ length: CLIENTS }, (_, index) => worker(index));
      const restartTimes: number[] = [];
      let survived = 0;
      let kills = 0;
      const startedAt = Date.now();
      while (kills < KILLS && (kills < MIN_KILLS || Date.now() - startedAt < BUDGET_MS)) {
        const kill = (kills += 1);
        gate.open();
        await sleep(150 + random() * 1350);
        gate.close();
        await server.kill();
        while (inFlight > 0) await sleep(5);
        const restartBegan = Date.now();
        server = await startServer(options);
        restartTimes.push(Date.now() - restartBegan);
        const before = failures.length;
        check(`after kill ${kill}`);
        await checkChain(`after kill ${kill}`);
        if (failures.length === before) survived += 1;
        if (failures.length > 20) break;
      }
      // A last stretch of load, then a clean stop: everything known must still be there.
      gate.open();
      await sleep(500);
      running = false;
      await Promise.all(workers);
      await server.stop();
      const rows = check('after the last, graceful stop');
      const chainEntries = await checkChain('after the last, graceful stop');

      const registro = verifyRegistroCli(bundle, dbPath);
      if (registro && registro.status !== 0) failures.push(`verify-registro failed:\n${registro.output}`);

      const acknowledged = counts.startsAcknowledged + counts.stopsAcknowledged;
      const summary = {
        seed: SEED,
        killsDuringLoad: kills,
        killsDuringStart: BOOT_KILLS,
        killsSurvived: survived,
        acknowledged,
        ...counts,
        recordsInFile: rows,
        chainEntries,
        knownRecords: known.size,
        restartMsMedian: restartTimes.sort((a, b) => a - b)[Math.floor(restartTimes.length / 2)] ?? 0,
        loadSeconds: Math.round((Date.now() - startedAt) / 1000),
        verifyRegistroCli: registro ? (registro.status === 0 ? 'ok' : 'failed') : 'not available',
      };
      console.log(`crash test summary: ${JSON.stringify(summary)}`);
      expect(failures, failures.slice(0, 20).join('\n')).toEqual([]);
      expect(kills).toBeGreaterThanOrEqual(MIN_KILLS);
      // One chain entry per committed clock-in and per committed clock-out, so at least the acknowledged ones.
      expect(chainEntries).toBeGreaterThanOrEqual(acknowledged);
      expect(survived).toBe(kills);
      expect(counts.startsAcknowledged).toBeGreaterThan(kills * 3);
      expect(counts.stopsAcknowledged).toBeGreaterThan(kills * 3);
    },
    600_000,
  );
});

/**
 * The registro chain check the operators run (`npm run verify-registro`, which builds first): its
 * bundle beside the server's, on the file after the last stop; undefined when the bundle has none.
 */
function verifyRegistroCli(bundle: string, dbPath: string): { status: number; output: string } | undefined {
  const cli = join(dirname(bundle), 'verify-registro.js');
  if (!existsSync(cli)) return undefined;
  const result = spawnSync(process.execPath, [cli], {
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: `sqlite:${dbPath}`,
      NODE_ENV: 'production',
      // The servers' chain key (spawnServer passes the same one; decision 031).
      ...(process.env.REGISTRO_CHAIN_KEY ? { REGISTRO_CHAIN_KEY: process.env.REGISTRO_CHAIN_KEY } : {}),
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status ?? 1, output: `${result.stdout}${result.stderr}`.slice(-4000) };
}
