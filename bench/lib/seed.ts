/**
 * The bench data set, written straight into the database after the product's own migrations and
 * defaults (prepareDatabase): 20 companies, the largest with 500 employees, 12 months of events,
 * assignments and completed time records, payments for the export month, the largest company's
 * working-time and pay rules (for the payroll row), and one shift under way today for the clock-in
 * rows. Rows go in with one prepared statement per table inside transactions
 * (SQLite) or multi-row INSERTs (PostgreSQL), so seeding takes seconds, not the API's minutes.
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
  close(): Promise<void>;
}

function sqliteWriter(path: string): BulkWriter {
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  return {
    async insert(table, columns, rows) {
      const statement = sqlite.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`);
      sqlite.transaction((all: Row[]) => {
        for (const row of all) statement.run(row);
      })(rows);
    },
    async close() {
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
      sqlite.exec('analyze');
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
    async close() {
      await connected;
      await client.query('analyze');
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
  /** How many companies (20); the others only make the database realistic. */
  companies?: number;
}

/** Seeds `databaseUrl` (sqlite:/path or postgres://) through the migrations; returns the bench users. */
export async function seedBenchData(databaseUrl: string, now = new Date(), options: SeedOptions = {}): Promise<SeedInfo> {
  const companies = options.companies ?? COMPANIES;
  const largestEmployees = options.largestEmployees ?? LARGEST_COMPANY_EMPLOYEES;
  const database = openDatabase(databaseUrl);
  await prepareDatabase(database.db, now);
  await database.destroy();
  const writer = databaseUrl.startsWith('sqlite:') ? sqliteWriter(databaseUrl.slice('sqlite:'.length)) : postgresWriter(databaseUrl);

  if (process.env.BENCH_DEBUG) console.log('migrated', Date.now() - now.getTime());
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const iso = (ms: number) => new Date(ms).toISOString();
  const nowIso = now.toISOString();
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const firstDay = today - 365 * DAY_MS;
  const exportMonth = latest31DayMonth(now);

  const rows: Record<string, Row[]> = {
    companies: [], company_roles: [], company_permissions: [], company_categories: [], users: [], user_categories: [],
    sessions: [], events: [], event_assignments: [], time_records: [], payments: [],
    working_time_rules: [], pay_rules: [],
  };
  let largest: SeedInfo['largest'] | undefined;
  let serial = 0;

  for (let c = 0; c < companies; c += 1) {
    const companyId = `comp-${randomUUID()}`;
    const employeesCount = c === 0 ? largestEmployees : 10 + Math.round((c * 50) / (COMPANIES - 1));
    rows.companies!.push([companyId, `Empresa de prueba ${c + 1}`, iso(firstDay)]);
    for (const role of ['Supervisor', 'Empleado'] as const) {
      rows.company_roles!.push([companyId, defaultRoleIds[role]]);
      for (const view of defaultGrantedViews(role)) rows.company_permissions!.push([companyId, defaultRoleIds[role], view]);
    }
    for (const category of ['cat-vigilante', 'cat-auxiliar']) rows.company_categories!.push([companyId, category]);

    const makeUser = (role: 'Supervisor' | 'Empleado', index: number): BenchUser => {
      serial += 1;
      const user = { id: `user-${randomUUID()}`, username: `bench-${c + 1}-${role === 'Supervisor' ? 's' : 'e'}${index}`, name: nameOf(serial), token: randomBytes(32).toString('base64url') };
      rows.users!.push([user.id, user.name, user.username, passwordHash, defaultRoleIds[role], companyId, `${user.username}@example.test`, 0, 0, iso(firstDay), iso(firstDay)]);
      if (role === 'Empleado') rows.user_categories!.push([user.id, index % 3 === 0 ? 'cat-auxiliar' : 'cat-vigilante']);
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
        rows.events!.push([id, companyId, `Servicio ${k + 1}`, `Recinto ${k + 1}, Madrid`, iso(day + 5 * 3_600_000), iso(day + 23 * 3_600_000), 'momentary', '', null, iso(day - 7 * DAY_MS), supervisor.id]);
        return id;
      });
      employees.forEach((employee, e) => {
        const eventId = eventIds[e % eventsPerDay]!;
        rows.event_assignments!.push([eventId, employee.id]);
        serial += 1;
        const start = day + 6 * 3_600_000 + (e % 8) * 1_800_000 + (serial % 17) * 60_000;
        const minutes = 360 + (serial % 180);
        rows.time_records!.push([
          `tr-${randomUUID()}`, companyId, employee.id, eventId, iso(start), iso(start + minutes * 60_000), minutes, 'completado',
          location(serial), location(serial + 1), iso(start),
        ]);
      });
    }
    // Today: one shift under way with everyone assigned (clock-in needs started-and-not-ended).
    const shiftEventId = `ev-${randomUUID()}`;
    rows.events!.push([shiftEventId, companyId, 'Turno de prueba', 'Estadio, Madrid', iso(now.getTime() - 3_600_000), iso(now.getTime() + 12 * 3_600_000), 'momentary', '', null, iso(firstDay), supervisor.id]);
    for (const employee of employees) rows.event_assignments!.push([shiftEventId, employee.id]);
    for (const employee of employees) {
      rows.payments!.push([`payment-${randomUUID()}`, companyId, employee.id, exportMonth, 'pending', null, null, 0, 2250, null]);
    }
    if (c === 0) {
      largest = { companyId, supervisor, employees, shiftEventId };
      // The payroll row computes every concept: a night window, a holiday plus on Sundays too,
      // overtime at 1.75, a monthly plus, and an annual jornada the year crosses (its year-to-date
      // query runs): ~7.5 h a day every day passes 1,782 h in the year's eighth month.
      rows.working_time_rules!.push([companyId, 9, 12, 80, null, 1782, nowIso, supervisor.id, supervisor.name]);
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
      rows.pay_rules!.push([companyId, JSON.stringify(payRules), nowIso, supervisor.id, supervisor.name]);
      for (const user of [supervisor, ...employees]) {
        rows.sessions!.push([sha256(user.token), user.id, nowIso, nowIso, iso(now.getTime() + 7 * DAY_MS), '127.0.0.1', 'jornada-bench']);
      }
    }
  }

  const columns: Record<string, string[]> = {
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
  };
  if (process.env.BENCH_DEBUG) console.log('generated', Date.now() - now.getTime());
  const counts: Record<string, number> = {};
  for (const [table, tableRows] of Object.entries(rows)) {
    const started = Date.now();
    await writer.insert(table, columns[table]!, tableRows);
    counts[table] = tableRows.length;
    if (process.env.BENCH_DEBUG) console.log(table, Date.now() - started);
  }
  const closing = Date.now();
  await writer.close();
  if (process.env.BENCH_DEBUG) console.log('close', Date.now() - closing);
  return { password, exportMonth, largest: largest!, counts };
}
