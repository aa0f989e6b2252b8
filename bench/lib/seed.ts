/**
 * The bench data set, written straight into the database after the product's own migrations and
 * defaults (prepareDatabase): 20 companies, the largest with 500 employees, 12 months of events,
 * assignments and completed time records, payments for the export month, the largest company's
 * working-time and pay rules (for the payroll row), and one shift under way today for the clock-in
 * rows. Rows go in with one prepared statement per table inside transactions
 * (SQLite) or multi-row INSERTs (PostgreSQL), so seeding takes seconds, not the API's minutes.
 * The growth curves (bench/growth.ts) seed the same shape at scale s (SeedOptions.scale): 20·s
 * companies, ~362,000·s records, written in chunks of FLUSH_ROWS so 16× never sits in memory.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { defaultGrantedViews, defaultRoleIds } from '@jornada/shared/permissions';
import { openDatabase } from '../../apps/api/src/db/database';
import { prepareDatabase } from '../../apps/api/src/db/prepare';
import { generatePassword, hashPassword } from '../../apps/api/src/lib/passwords';

export const LARGEST_COMPANY_EMPLOYEES = 500;
const COMPANIES = 20;
const DAY_MS = 86_400_000;

type Row = (string | number | null)[];

/** One bulk writer per engine: same columns, same rows. */
interface BulkWriter {
  insert(table: string, columns: string[], rows: Row[]): Promise<void>;
  /** `analyze` refreshes the planner's statistics (after the whole seed, not after a slice). */
  close(options: { analyze: boolean }): Promise<void>;
}

function sqliteWriter(path: string): BulkWriter {
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    async insert(table, columns, rows) {
      let statement = statements.get(table);
      if (!statement) statements.set(table, (statement = sqlite.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`)));
      const insertAll = statement;
      sqlite.transaction((all: Row[]) => {
        for (const row of all) insertAll.run(row);
      })(rows);
    },
    async close({ analyze }) {
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
      if (analyze) sqlite.exec('analyze');
      sqlite.close();
    },
  };
}

function postgresWriter(url: string): BulkWriter {
  const client = new pg.Client({ connectionString: url });
  const connected = client.connect();
  return {
    async insert(table, columns, rows) {
      await connected;
      const perStatement = Math.floor(60_000 / columns.length);
      await client.query('begin');
      for (let offset = 0; offset < rows.length; offset += perStatement) {
        const batch = rows.slice(offset, offset + perStatement);
        const values = batch.map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(', ')})`);
        await client.query(`insert into ${table} (${columns.join(', ')}) values ${values.join(', ')}`, batch.flat());
      }
      await client.query('commit');
    },
    async close({ analyze }) {
      await connected;
      // VACUUM too: a database in service has its visibility map set and no autovacuum of a fresh
      // bulk load running under the measurements (it did at 4× on 2 cores, issue 29's growth run).
      if (analyze) await client.query('vacuum (analyze)');
      // And a checkpoint: the load's dirty pages are otherwise written out (and fsynced) during the
      // first measurements; the dashboard p99 at 1× and 4× read 71–77 or 127–137 ms by whether a
      // run met the seed's checkpoint (issue 29, 2026-11-27 08:07–08:15).
      await client.query('checkpoint');
      await client.end();
    },
  };
}

export interface BenchUser {
  id: string;
  username: string;
  name: string;
  /** Raw session token for the cookie; the database holds only its SHA-256. */
  token: string;
}

export interface SeedInfo {
  /** The shared generated password of every seeded user (never fixed, never printed). */
  password: string;
  exportMonth: string;
  largest: { companyId: string; supervisor: BenchUser; employees: BenchUser[]; shiftEventId: string };
  counts: Record<string, number>;
  /** The records older than the retention, not yet written (insertExpiredSlice); empty unless asked. */
  expired: ExpiredSlice;
}

const firstNames = ['Lucía', 'Juan', 'María', 'Carlos', 'Ana', 'Javier', 'Carmen', 'Miguel', 'Laura', 'David', 'Elena', 'Pablo', 'Sara', 'Jorge', 'Marta', 'Raúl'];
const lastNames = ['García', 'Martínez', 'López', 'Sánchez', 'Pérez', 'Gómez', 'Fernández', 'Ruiz', 'Díaz', 'Moreno', 'Álvarez', 'Romero', 'Navarro', 'Torres'];
const nameOf = (n: number) =>
  `${firstNames[n % firstNames.length]} ${lastNames[Math.floor(n / firstNames.length) % lastNames.length]} ${lastNames[n % lastNames.length]} ${n}`;

/** The latest month of 31 days that ended before `now`, inside the seeded year ('yyyy-MM'). */
export function latest31DayMonth(now: Date): string {
  let year = now.getUTCFullYear();
  let month = now.getUTCMonth(); // the previous month, 0-based, as 1-based below
  for (;;) {
    if (month === 0) {
      year -= 1;
      month = 12;
    }
    if (new Date(Date.UTC(year, month, 0)).getUTCDate() === 31) return `${year}-${String(month).padStart(2, '0')}`;
    month -= 1;
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const location = (n: number) => JSON.stringify({ lat: 40.4 + (n % 97) / 1000, lng: -3.7 - (n % 89) / 1000, accuracy: 5 + (n % 30) });

export interface SeedOptions {
  /** People in the largest company (LARGEST_COMPANY_EMPLOYEES); fewer only to try a script out quickly. */
  largestEmployees?: number;
  /** How many companies (20 × scale); the others only make the database realistic. */
  companies?: number;
  /**
   * The growth curves' scale (bench/growth.ts; 1 = today's data set). Scale s seeds 20·s companies
   * and about 362,000·s time records: the largest company keeps 500 employees, with min(s, 4) years
   * of history (its export month is the same at every scale); the other companies' history is as
   * long as the total needs (365 days at 1×, ~361 at 4×, ~634 at 16×; see otherHistoryDays).
   */
  scale?: number;
  /**
   * Time records older than the four-year retention (features/legal-archive/retention.ts), this many
   * per unit of scale, spread over every company, with their registro chain entries: the chain
   * entries go in with the seed, the records themselves only when insertExpiredSlice is called
   * (the server purges at start, so the bench adds them to a running server before it times
   * purge-expired). 0 (the default) seeds none.
   */
  expiredPerScale?: number;
}

/** Rows kept in memory before they are written: 16× is ~12 million rows, far more than a heap holds. */
const FLUSH_ROWS = 150_000;

/** Records of the largest company a year (every day, one each). */
const largestYearRecords = (employees: number) => employees * 365;
const otherCompanySize = (c: number) => 10 + Math.round(((c % COMPANIES) * 50) / (COMPANIES - 1));

/**
 * Days of history of the companies other than the largest, so that scale s holds ~s × the 1× total:
 * 365 at 1× (today's data set exactly), then whatever the 1× total × s, minus the largest company's
 * min(s, 4) years, needs at five working days a week.
 */
export function otherHistoryDays(scale: number, companies: number, largestEmployees: number): number {
  if (scale === 1) return 365;
  const othersAt = (count: number) => Array.from({ length: count - 1 }, (_, i) => otherCompanySize(i + 1)).reduce((sum, size) => sum + size, 0);
  const weekdayShare = 5 / 7;
  const oneX = largestYearRecords(largestEmployees) + othersAt(COMPANIES) * 365 * weekdayShare;
  const largest = largestYearRecords(largestEmployees) * Math.min(scale, 4);
  return Math.max(30, Math.round((oneX * scale - largest) / (othersAt(companies) * weekdayShare)));
}

/** The expired slice's rows, written by insertExpiredSlice (its chain entries are already in). */
export interface ExpiredSlice {
  events: Row[];
  timeRecords: Row[];
}

const COLUMNS: Record<string, string[]> = {
  companies: ['id', 'name', 'created_at'],
  company_roles: ['company_id', 'role_id'],
  company_permissions: ['company_id', 'role_id', 'view_id'],
  company_categories: ['company_id', 'category_id'],
  users: ['id', 'name', 'username', 'password_hash', 'role_id', 'company_id', 'email', 'is_disabled', 'is_deleted', 'created_at', 'updated_at'],
  user_categories: ['user_id', 'category_id'],
  sessions: ['id', 'user_id', 'created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent'],
  events: ['id', 'company_id', 'name', 'location', 'start_time', 'end_time', 'type', 'repeat_days', 'finished_early_at', 'created_at', 'created_by'],
  event_assignments: ['event_id', 'user_id'],
  time_records: ['id', 'company_id', 'user_id', 'event_id', 'start_time', 'end_time', 'duration', 'status', 'start_location', 'end_location', 'created_at'],
  payments: ['id', 'company_id', 'user_id', 'month', 'status', 'paid_at', 'paid_by', 'minutes', 'price_cents', 'amount_cents'],
  working_time_rules: ['company_id', 'max_daily_hours', 'min_rest_hours', 'max_yearly_overtime_hours', 'max_monthly_hours', 'yearly_ordinary_hours', 'updated_at', 'updated_by', 'updated_by_name'],
  pay_rules: ['company_id', 'rules', 'updated_at', 'updated_by', 'updated_by_name'],
  registro_chain: ['company_id', 'seq', 'kind', 'action', 'subject_id', 'payload_hash', 'prev_hash', 'hash', 'created_at', 'purged_at', 'version', 'key_id'],
  registro_chain_heads: ['company_id', 'seq', 'hash', 'key_id'],
};

const openWriter = (databaseUrl: string): BulkWriter =>
  databaseUrl.startsWith('sqlite:') ? sqliteWriter(databaseUrl.slice('sqlite:'.length)) : postgresWriter(databaseUrl);

/** Writes the expired slice's events and records (older than the retention) into a seeded database. */
export async function insertExpiredSlice(databaseUrl: string, slice: ExpiredSlice): Promise<number> {
  const writer = openWriter(databaseUrl);
  await writer.insert('events', COLUMNS.events!, slice.events);
  await writer.insert('time_records', COLUMNS.time_records!, slice.timeRecords);
  await writer.close({ analyze: false });
  return slice.timeRecords.length;
}

/** Seeds `databaseUrl` (sqlite:/path or postgres://) through the migrations; returns the bench users. */
export async function seedBenchData(databaseUrl: string, now = new Date(), options: SeedOptions = {}): Promise<SeedInfo> {
  const scale = options.scale ?? 1;
  const companies = options.companies ?? COMPANIES * scale;
  const largestEmployees = options.largestEmployees ?? LARGEST_COMPANY_EMPLOYEES;
  const expiredTotal = (options.expiredPerScale ?? 0) * scale;
  const database = openDatabase(databaseUrl);
  await prepareDatabase(database.db, now);
  await database.destroy();
  const writer = openWriter(databaseUrl);

  if (process.env.BENCH_DEBUG) console.log('migrated', Date.now() - now.getTime());
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const iso = (ms: number) => new Date(ms).toISOString();
  const nowIso = now.toISOString();
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const largestFirstDay = today - 365 * Math.min(scale, 4) * DAY_MS;
  const othersFirstDay = today - otherHistoryDays(scale, companies, largestEmployees) * DAY_MS;
  const exportMonth = latest31DayMonth(now);
  // The expired slice: two months that ended before the retention cutoff (four years and a week ago).
  const expiredEnd = now.getTime() - (4 * 365 + 8) * DAY_MS;
  const expired: ExpiredSlice = { events: [], timeRecords: [] };

  const rows: Record<string, Row[]> = Object.fromEntries(Object.keys(COLUMNS).map((table) => [table, []]));
  const counts: Record<string, number> = Object.fromEntries(Object.keys(COLUMNS).map((table) => [table, 0]));
  let buffered = 0;
  const push = (table: string, row: Row) => {
    rows[table]!.push(row);
    buffered += 1;
  };
  // Every table in COLUMNS order (parents first), so a flush never writes a row before its parent.
  const flush = async () => {
    for (const [table, tableRows] of Object.entries(rows)) {
      if (tableRows.length === 0) continue;
      await writer.insert(table, COLUMNS[table]!, tableRows);
      counts[table]! += tableRows.length;
      rows[table] = [];
    }
    buffered = 0;
  };
  let largest: SeedInfo['largest'] | undefined;
  let serial = 0;

  for (let c = 0; c < companies; c += 1) {
    const companyId = `comp-${randomUUID()}`;
    const employeesCount = c === 0 ? largestEmployees : otherCompanySize(c);
    const firstDay = c === 0 ? largestFirstDay : othersFirstDay;
    push('companies', [companyId, `Empresa de prueba ${c + 1}`, iso(expiredTotal > 0 ? Math.min(firstDay, expiredEnd - 70 * DAY_MS) : firstDay)]);
    for (const role of ['Supervisor', 'Empleado'] as const) {
      push('company_roles', [companyId, defaultRoleIds[role]]);
      for (const view of defaultGrantedViews(role)) push('company_permissions', [companyId, defaultRoleIds[role], view]);
    }
    for (const category of ['cat-vigilante', 'cat-auxiliar']) push('company_categories', [companyId, category]);

    const makeUser = (role: 'Supervisor' | 'Empleado', index: number): BenchUser => {
      serial += 1;
      const user = { id: `user-${randomUUID()}`, username: `bench-${c + 1}-${role === 'Supervisor' ? 's' : 'e'}${index}`, name: nameOf(serial), token: randomBytes(32).toString('base64url') };
      push('users', [user.id, user.name, user.username, passwordHash, defaultRoleIds[role], companyId, `${user.username}@example.test`, 0, 0, iso(firstDay), iso(firstDay)]);
      if (role === 'Empleado') push('user_categories', [user.id, index % 3 === 0 ? 'cat-auxiliar' : 'cat-vigilante']);
      return user;
    };
    const supervisor = makeUser('Supervisor', 0);
    const employees = Array.from({ length: employeesCount }, (_, e) => makeUser('Empleado', e));

    // History: k events a day (one per 100 people), each employee on one of them; the largest
    // company works every day (its export month is 500 × 31), the others on weekdays.
    const eventsPerDay = Math.max(1, Math.ceil(employeesCount / 100));
    for (let day = firstDay; day < today; day += DAY_MS) {
      const weekday = new Date(day).getUTCDay();
      if (c !== 0 && (weekday === 0 || weekday === 6)) continue;
      const eventIds = Array.from({ length: eventsPerDay }, (_, k) => {
        const id = `ev-${randomUUID()}`;
        push('events', [id, companyId, `Servicio ${k + 1}`, `Recinto ${k + 1}, Madrid`, iso(day + 5 * 3_600_000), iso(day + 23 * 3_600_000), 'momentary', '', null, iso(day - 7 * DAY_MS), supervisor.id]);
        return id;
      });
      employees.forEach((employee, e) => {
        const eventId = eventIds[e % eventsPerDay]!;
        push('event_assignments', [eventId, employee.id]);
        serial += 1;
        const start = day + 6 * 3_600_000 + (e % 8) * 1_800_000 + (serial % 17) * 60_000;
        const minutes = 360 + (serial % 180);
        push('time_records', [
          `tr-${randomUUID()}`, companyId, employee.id, eventId, iso(start), iso(start + minutes * 60_000), minutes, 'completado',
          location(serial), location(serial + 1), iso(start),
        ]);
      });
      if (buffered >= FLUSH_ROWS) await flush();
    }
    // Today: one shift under way with everyone assigned (clock-in needs started-and-not-ended).
    const shiftEventId = `ev-${randomUUID()}`;
    push('events', [shiftEventId, companyId, 'Turno de prueba', 'Estadio, Madrid', iso(now.getTime() - 3_600_000), iso(now.getTime() + 12 * 3_600_000), 'momentary', '', null, iso(firstDay), supervisor.id]);
    for (const employee of employees) push('event_assignments', [shiftEventId, employee.id]);
    for (const employee of employees) {
      push('payments', [`payment-${randomUUID()}`, companyId, employee.id, exportMonth, 'pending', null, null, 0, 2250, null]);
    }
    if (expiredTotal > 0) seedExpired(c, companyId, employees, supervisor);
    if (c === 0) {
      largest = { companyId, supervisor, employees, shiftEventId };
      // The payroll row computes every concept: a night window, a holiday plus on Sundays too,
      // overtime at 1.75, a monthly plus, and an annual jornada the year crosses (its year-to-date
      // query runs): ~7.5 h a day every day passes 1,782 h in the year's eighth month.
      push('working_time_rules', [companyId, 9, 12, 80, null, 1782, nowIso, supervisor.id, supervisor.name]);
      const payRules = {
        nightWindow: { start: '22:00', end: '06:00' },
        nightPlusPerHourCents: 150,
        holidayPlusPerHourCents: 300,
        sundaysAreHolidays: true,
        nightHoliday: 'both',
        overtime: { kind: 'multiplier', factor: 1.75 },
        conceptCodes: { ordinary: '001', night: '010', holiday: '011', overtime: '020' },
        categories: [{ categoryId: 'cat-vigilante', monthlyPluses: [{ name: 'Plus de peligrosidad', cents: 12_050, code: '030' }] }],
      };
      push('pay_rules', [companyId, JSON.stringify(payRules), nowIso, supervisor.id, supervisor.name]);
      for (const user of [supervisor, ...employees]) {
        push('sessions', [sha256(user.token), user.id, nowIso, nowIso, iso(now.getTime() + 7 * DAY_MS), '127.0.0.1', 'jornada-bench']);
      }
    }
    if (buffered >= FLUSH_ROWS) await flush();
  }

  /**
   * The company's share of the expired slice: one event two months before the cutoff, records of its
   * employees in turn, and a version 1 registro chain (as a database from before the chain key had
   * it; the first start introduces the key) with one entry per record, which the purge marks.
   */
  function seedExpired(c: number, companyId: string, employees: BenchUser[], supervisor: BenchUser) {
    const share = Math.floor(expiredTotal / companies) + (c < expiredTotal % companies ? 1 : 0);
    if (share === 0) return;
    const eventId = `ev-${randomUUID()}`;
    const eventDay = Math.floor((expiredEnd - 60 * DAY_MS) / DAY_MS) * DAY_MS;
    expired.events.push([eventId, companyId, 'Servicio archivado', 'Almacén, Madrid', iso(eventDay), iso(expiredEnd), 'momentary', '', null, iso(eventDay - 7 * DAY_MS), supervisor.id]);
    let prevHash = '0'.repeat(64);
    for (let i = 0; i < share; i += 1) {
      serial += 1;
      const id = `tr-${randomUUID()}`;
      const start = eventDay + Math.floor((i / share) * 59) * DAY_MS + 6 * 3_600_000 + (serial % 17) * 60_000;
      const minutes = 360 + (serial % 180);
      expired.timeRecords.push([id, companyId, employees[i % employees.length]!.id, eventId, iso(start), iso(start + minutes * 60_000), minutes, 'completado', location(serial), location(serial + 1), iso(start)]);
      const hash = sha256(`${prevHash}:${id}`);
      push('registro_chain', [companyId, i + 1, 'fichaje', 'fichaje-cerrado', id, sha256(id), prevHash, hash, iso(start), null, 1, null]);
      prevHash = hash;
    }
    push('registro_chain_heads', [companyId, share, prevHash, null]);
  }

  await flush();
  const closing = Date.now();
  await writer.close({ analyze: true });
  if (process.env.BENCH_DEBUG) console.log('close', Date.now() - closing);
  return { password, exportMonth, largest: largest!, counts, expired };
}
