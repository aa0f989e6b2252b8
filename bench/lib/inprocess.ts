/**
 * Rows timed inside the bench process (the server is stopped meanwhile): the product's own service
 * code on a Kysely connection opened like the server opens it, against raw driver code on a second
 * connection with the same pragmas. Both run the same rows on the same database file.
 */
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { defaultRoleIds } from '@jornada/shared/permissions';
import { monthRange } from '@jornada/shared/format';
import { openDatabase, sqlitePathFromUrl, isPostgresUrl } from '../../apps/api/src/db/database';
import type { Actor } from '../../apps/api/src/lib/authorization';
import { encodeCursor } from '../../apps/api/src/lib/cursor';
import { getActiveTimer, listTimeLog, startTimer, stopTimer } from '../../apps/api/src/features/time-records/time-records.service';
import type { BenchUser, SeedInfo } from './seed';

const TIME_ZONE = process.env.TZ_DEFAULT || 'Europe/Madrid';

/** The raw side: one statement runner with `?` placeholders for both engines. */
interface Raw {
  all(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  run(sql: string, params?: unknown[]): Promise<void>;
  /** Runs `work` in one transaction (better-sqlite3: BEGIN/COMMIT on the same connection). */
  transaction(work: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

function rawSqlite(path: string): Raw {
  const sqlite = new BetterSqlite3(path);
  // The server's pragmas (apps/api/src/db/database.ts), its serving connection's included: it never
  // checkpoints (db/sqlite-checkpoint.ts), so neither side pays for checkpoints inline, and the
  // product's background checkpointer copies back what both write to the same file.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('wal_autocheckpoint = 0');
  const cache = new Map<string, BetterSqlite3.Statement>();
  const prepared = (sql: string) => {
    let statement = cache.get(sql);
    if (!statement) cache.set(sql, (statement = sqlite.prepare(sql)));
    return statement;
  };
  return {
    async all(sql, params = []) {
      return prepared(sql).all(...params) as Record<string, unknown>[];
    },
    async run(sql, params = []) {
      prepared(sql).run(...params);
    },
    async transaction(work) {
      prepared('begin').run();
      await work();
      prepared('commit').run();
    },
    async close() {
      sqlite.close();
    },
  };
}

function rawPostgres(url: string): Raw {
  const client = new pg.Client({ connectionString: url });
  const connected = client.connect();
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  return {
    async all(sql, params = []) {
      await connected;
      return (await client.query({ text: numbered(sql), values: params })).rows as Record<string, unknown>[];
    },
    async run(sql, params = []) {
      await connected;
      await client.query({ text: numbered(sql), values: params });
    },
    async transaction(work) {
      await connected;
      await client.query('begin');
      await work();
      await client.query('commit');
    },
    async close() {
      await connected;
      await client.end();
    },
  };
}

const openRaw = (url: string) => (isPostgresUrl(url) ? rawPostgres(url) : rawSqlite(sqlitePathFromUrl(url)));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function actorOf(user: BenchUser, role: 'Empleado' | 'Supervisor', companyId: string): Actor {
  return { userId: user.id, sessionId: 'bench', name: user.name, username: user.username, role, roleId: defaultRoleIds[role], companyId };
}

export interface ClockDbFigures {
  /** Product clock-ins per second (startTimer: every query and write of a clock-in). */
  productOps: number;
  /** Raw inserts of the same rows per second, one transaction per clock-in. */
  rawOps: number;
  /** Tables a clock-in wrote to, as found by counting rows. */
  tables: string[];
  /** Product / raw of every measured round, in run order. */
  ratios: number[];
}

const LEDGER_TABLES = ['time_records', 'action_log', 'registro_chain'] as const;

async function countRows(raw: Raw, tables: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    try {
      counts[table] = Number((await raw.all(`select count(*) as n from ${table}`))[0]!.n);
    } catch {
      counts[table] = 0; // the table does not exist in this tree
    }
  }
  return counts;
}

/** Measured rounds of clock-db, after one unmeasured warm-up round of both sides. */
const CLOCK_DB_ROUNDS = 5;

/**
 * clock-db: the product's startTimer for every employee of the largest company, one after the other,
 * against raw inserts of copies of the rows those clock-ins wrote (same tables, same sizes), one
 * transaction each. Rounds alternate product and raw; the first round warms both up (JIT, statement
 * caches) and is not counted, and the round with the median ratio counts (a round is 500 writes,
 * ~0.15 s a side: one pause of the machine moves one round, not the figure).
 */
export async function measureClockDb(url: string, seed: SeedInfo, rounds = CLOCK_DB_ROUNDS): Promise<ClockDbFigures> {
  // Opened as server.ts opens it.
  const database = openDatabase(url, { backgroundCheckpoint: true });
  const raw = openRaw(url);
  const deps = { db: database.db, clock: () => new Date(), timeZone: TIME_ZONE };
  const { employees, companyId, shiftEventId } = seed.largest;
  const input = { eventId: shiftEventId, location: { lat: 40.41678, lng: -3.70379, accuracy: 12.5 } };
  const productRates: number[] = [];
  const rawRates: number[] = [];
  let tables: string[] = [];
  try {
    // Timers a load run left open would make startTimer answer 409.
    for (const employee of employees) {
      const open = await getActiveTimer(deps, actorOf(employee, 'Empleado', companyId));
      if (open) await stopTimer(deps, actorOf(employee, 'Empleado', companyId), open.id, { location: input.location });
    }
    for (let round = 0; round <= rounds; round += 1) {
      const before = await countRows(raw, LEDGER_TABLES);
      const since = new Date().toISOString();
      const started = performance.now();
      const records = [];
      for (const employee of employees) records.push(await startTimer(deps, actorOf(employee, 'Empleado', companyId), input));
      productRates.push(employees.length / ((performance.now() - started) / 1000));
      const after = await countRows(raw, LEDGER_TABLES);
      tables = LEDGER_TABLES.filter((table) => after[table]! > before[table]!);

      // Copies of exactly what the clock-ins wrote, under new ids (and a separate chain company).
      const recordRows = await raw.all(`select * from time_records where company_id = ? and created_at >= ? and status = 'activo'`, [companyId, since]);
      const logRows = await raw.all(`select * from action_log where company_id = ? and created_at >= ? and kind = 'time-record.start'`, [companyId, since]);
      const chainRows = tables.includes('registro_chain')
        ? await raw.all(`select * from registro_chain where company_id = ? and created_at >= ? order by seq`, [companyId, since])
        : [];
      for (const employee of employees) await stopTimer(deps, actorOf(employee, 'Empleado', companyId), records.shift()!.id, { location: input.location });

      const rawCompany = `bench-raw-${round}-${companyId}`;
      if (chainRows.length > 0) await raw.run('insert into registro_chain_heads (company_id, seq, hash) values (?, 0, ?)', [rawCompany, 'genesis']);
      const copies = recordRows.map((row, i) => ({
        record: { ...row, id: `${row.id as string}-raw` },
        log: logRows[i] && { ...logRows[i], id: `${logRows[i]!.id as string}-raw` },
        chain: chainRows[i] && ({ ...chainRows[i], company_id: rawCompany } as Record<string, unknown>),
      }));
      const insertOf = (table: string, row: Record<string, unknown>) => {
        const columns = Object.keys(row);
        return raw.run(`insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`, Object.values(row));
      };
      const rawStarted = performance.now();
      for (const copy of copies) {
        await raw.transaction(async () => {
          await insertOf('time_records', copy.record);
          if (copy.log) await insertOf('action_log', copy.log);
          if (copy.chain) {
            await insertOf('registro_chain', copy.chain);
            await raw.run('update registro_chain_heads set seq = ?, hash = ? where company_id = ?', [copy.chain.seq, copy.chain.hash, rawCompany]);
          }
        });
      }
      rawRates.push(copies.length / ((performance.now() - rawStarted) / 1000));
      await raw.run(`delete from time_records where id like '%-raw'`);
      await raw.run(`delete from action_log where id like '%-raw'`);
      if (chainRows.length > 0) {
        await raw.run('delete from registro_chain where company_id = ?', [rawCompany]);
        await raw.run('delete from registro_chain_heads where company_id = ?', [rawCompany]);
      }
    }
  } finally {
    await raw.close();
    await database.destroy();
  }
  // Round 0 was the warm-up.
  const measured = productRates.slice(1).map((product, index) => ({ product, raw: rawRates[index + 1]!, ratio: product / rawRates[index + 1]! }));
  const middle = [...measured].sort((a, b) => a.ratio - b.ratio)[Math.floor(measured.length / 2)]!;
  return { productOps: middle.product, rawOps: middle.raw, tables, ratios: measured.map((round) => round.ratio) };
}

export interface PagingFigures {
  total: number;
  firstMs: number;
  lastMs: number;
  rawFirstMs: number;
  rawLastMs: number;
}

/** The raw keyset query: the same columns and joins as the time log, row-value comparison on (start_time, id). */
const rawPageSql = (withCursor: boolean) => `
  select tr.id, tr.user_id, tr.event_id, tr.company_id, tr.start_time, tr.end_time, tr.duration, tr.status,
         tr.start_location, tr.end_location, e.name as event_name, u.name as user_name, c.name as company_name
  from time_records tr
  left join events e on e.id = tr.event_id
  left join users u on u.id = tr.user_id
  inner join companies c on c.id = tr.company_id
  where tr.company_id = ? ${withCursor ? 'and (tr.start_time, tr.id) < (?, ?)' : ''}
  order by tr.start_time desc, tr.id desc
  limit ?`;

/**
 * Median wall time of each piece of work, the pieces interleaved round by round so a machine whose
 * load changes during the run weighs on all of them alike. The first rounds warm up and are dropped.
 */
async function timeInterleaved(iterations: number, works: (() => Promise<unknown>)[]): Promise<number[]> {
  const warmup = Math.min(20, iterations);
  const times = works.map(() => [] as number[]);
  for (let i = 0; i < warmup + iterations; i += 1) {
    for (const [index, work] of works.entries()) {
      const started = performance.now();
      await work();
      if (i >= warmup) times[index]!.push(performance.now() - started);
    }
  }
  return times.map(median);
}

/**
 * list-paging: the supervisor's time log (the product's listTimeLog, serialized) on the first page
 * and on the last page reached through a keyset cursor, against the raw keyset query of the same
 * pages (serialized the same way).
 */
export async function measurePaging(url: string, seed: SeedInfo, iterations = 200): Promise<PagingFigures> {
  const database = openDatabase(url);
  const raw = openRaw(url);
  const deps = { db: database.db, clock: () => new Date(), timeZone: TIME_ZONE };
  const { companyId, supervisor } = seed.largest;
  const actor = actorOf(supervisor, 'Supervisor', companyId);
  const limit = 50;
  try {
    const total = Number((await raw.all('select count(*) as n from time_records where company_id = ?', [companyId]))[0]!.n);
    // The key of the row just before the last page, as the previous page's nextCursor would carry it.
    const key = (await raw.all('select start_time, id from time_records where company_id = ? order by start_time desc, id desc limit 1 offset ?', [companyId, total - limit - 1]))[0]!;
    const cursor = encodeCursor([key.start_time as string, key.id as string]);
    const lastPage = await listTimeLog(deps, actor, { cursor, limit });
    if (lastPage.records.length !== limit || lastPage.nextCursor !== null) throw new Error('list-paging: the cursor did not land on the last page');
    const [firstMs, rawFirstMs, lastMs, rawLastMs] = await timeInterleaved(iterations, [
      async () => JSON.stringify(await listTimeLog(deps, actor, { limit })),
      async () => JSON.stringify(await raw.all(rawPageSql(false), [companyId, limit + 1])),
      async () => JSON.stringify(await listTimeLog(deps, actor, { cursor, limit })),
      async () => JSON.stringify(await raw.all(rawPageSql(true), [companyId, key.start_time, key.id, limit + 1])),
    ]);
    return { total, firstMs: firstMs!, lastMs: lastMs!, rawFirstMs: rawFirstMs!, rawLastMs: rawLastMs! };
  } finally {
    await raw.close();
    await database.destroy();
  }
}

/**
 * The export's bound: one raw query per kind of row the export holds (employees, their categories,
 * the month's events, assignments, time records and payments), then JSON serialization of all of it.
 */
export async function measureRawExport(url: string, seed: SeedInfo, runs = 5): Promise<{ ms: number; bytes: number }> {
  const raw = openRaw(url);
  const { companyId } = seed.largest;
  const range = monthRange(seed.exportMonth, TIME_ZONE);
  const window = [companyId, range.start.toISOString(), range.end.toISOString()];
  let bytes = 0;
  const once = async () => {
    const document = {
      employees: await raw.all('select u.id, u.name, u.username, u.email, r.name as role, u.is_disabled from users u join roles r on r.id = u.role_id where u.company_id = ? and u.is_deleted = 0 order by u.name', [companyId]),
      categories: await raw.all('select uc.user_id, c.id, c.name from user_categories uc join users u on u.id = uc.user_id join categories c on c.id = uc.category_id where u.company_id = ?', [companyId]),
      events: await raw.all('select id, name, location, start_time, end_time, type, repeat_days from events where company_id = ? and start_time >= ? and start_time < ? order by start_time', window),
      assignments: await raw.all('select a.event_id, a.user_id from event_assignments a join events e on e.id = a.event_id where e.company_id = ? and e.start_time >= ? and e.start_time < ?', window),
      timeRecords: await raw.all('select id, user_id, event_id, start_time, end_time, duration, status, start_location, end_location from time_records where company_id = ? and start_time >= ? and start_time < ? order by start_time', window),
      payments: await raw.all('select id, user_id, month, status, paid_at, minutes, price_cents, amount_cents from payments where company_id = ? and month = ?', [companyId, seed.exportMonth]),
    };
    bytes = JSON.stringify(document).length;
  };
  try {
    return { ms: (await timeInterleaved(runs, [once]))[0]!, bytes };
  } finally {
    await raw.close();
  }
}
