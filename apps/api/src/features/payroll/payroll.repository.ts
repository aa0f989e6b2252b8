import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { DB, PayrollClosuresTable } from '../../db/schema';
import { roleIdsWithBase } from '../../db/tenant-lookups';

/**
 * Every Empleado of the company not deleted, with a custom role based on Empleado too (decision 043):
 * the people 'Pagos' lists (or only `userId`, if one of them).
 */
export async function listEmployees(db: Kysely<DB>, companyId: string, userId?: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('role_id', 'in', roleIdsWithBase(db, ['Empleado']))
    .where('is_deleted', '=', 0)
    .$if(userId !== undefined, (query) => query.where('id', '=', userId as string))
    .orderBy('name')
    .orderBy('id')
    .limit(5000)
    .execute();
}

/**
 * The company's completed records that started in [from, to), everyone's in one query (the
 * (company_id, start_time) index serves it), or only `userId`'s ((user_id, start_time) index).
 * Amended records already hold their amended times.
 */
export async function listCompletedRecords(db: Kysely<DB>, companyId: string, range: { from: string; to: string }, userId?: string) {
  return db
    .selectFrom('time_records')
    .select(['id', 'user_id', 'start_time', 'end_time', 'corrected', 'flags'])
    .where('company_id', '=', companyId)
    .$if(userId !== undefined, (query) => query.where('user_id', '=', userId as string))
    .where('status', '=', 'completado')
    .where('end_time', 'is not', null)
    .where('start_time', '>=', range.from)
    .where('start_time', '<', range.to)
    .orderBy('start_time')
    .execute();
}

/** A local day of the company's zone and the instants it runs between, [start, end). */
export interface LocalDay {
  day: string;
  start: string;
  end: string;
}

/**
 * Each worker's minutes of the given local days that count towards the annual jornada: per day,
 * the minutes (`duration`) of the completed records that started in it, capped at the daily limit
 * (what is beyond it is daily overtime), summed over the days. One aggregate query for the whole
 * company, answered in one row per worker: the days join the records through the (company_id,
 * start_time) index, one range per day (only `userId`'s for 'Mis Horas'), so the records never leave the database. The days come as
 * instants because the engines share no time-zone arithmetic (decision 002: instants are UTC
 * text); the CROSS JOIN makes SQLite walk the days and search the records, never the reverse, and
 * the whole span, repeated as constants, lets PostgreSQL read the span's records through the index
 * instead of joining every record of the company to every day (0.9 s a month on the bench data).
 */
export async function sumCountedMinutesByWorker(db: Kysely<DB>, companyId: string, days: readonly LocalDay[], dailyLimitMinutes: number | null, userId?: string): Promise<Map<string, number>> {
  if (days.length === 0) return new Map();
  if (dailyLimitMinutes !== null && !Number.isSafeInteger(dailyLimitMinutes)) throw new RangeError(`The daily limit must be whole minutes: ${dailyLimitMinutes}`);
  const capped = dailyLimitMinutes === null ? sql`minutes` : sql`case when minutes > ${sql.lit(dailyLimitMinutes)} then ${sql.lit(dailyLimitMinutes)} else minutes end`;
  if (db.getExecutor().adapter instanceof PostgresAdapter && areContiguous(days)) {
    // PostgreSQL joined each record to the month's ~31 days (a nested loop: ~100 ms a month on the
    // bench data, growing with the table's size in the growth bench). The days are contiguous, so
    // a record's day is the bucket its start falls in among the days' starts: one pass, the same
    // bounds as the join, still no time-zone arithmetic in SQL (decision 002; issue 29).
    const { rows } = await sql<{ user_id: string; minutes: number | string | null }>`
      with per_day as (
        select tr.user_id as user_id, sum(tr.duration) as minutes
        from time_records tr
        where tr.company_id = ${companyId}${userId === undefined ? sql`` : sql` and tr.user_id = ${userId}`}
          and tr.start_time >= ${days[0]!.start} and tr.start_time < ${days[days.length - 1]!.end}
          and tr.status = 'completado' and tr.end_time is not null
        group by tr.user_id, width_bucket(tr.start_time, ${days.map((day) => day.start)}::text[])
      )
      select user_id, sum(${capped}) as minutes from per_day group by user_id`.execute(db);
    return new Map(rows.map((row) => [row.user_id, Number(row.minutes ?? 0)]));
  }
  const values = sql.join(days.map((day) => sql`(${day.day}, ${day.start}, ${day.end})`));
  const { rows } = await sql<{ user_id: string; minutes: number | string | null }>`
    with local_days (day, day_start, day_end) as (values ${values}),
    per_day as (
      select tr.user_id as user_id, sum(tr.duration) as minutes
      from local_days cross join time_records tr
      where tr.company_id = ${companyId}${userId === undefined ? sql`` : sql` and tr.user_id = ${userId}`}
        and tr.start_time >= local_days.day_start and tr.start_time < local_days.day_end
        and tr.start_time >= ${days[0]!.start} and tr.start_time < ${days[days.length - 1]!.end}
        and tr.status = 'completado' and tr.end_time is not null
      group by tr.user_id, local_days.day
    )
    select user_id, sum(${capped}) as minutes from per_day group by user_id`.execute(db);
  return new Map(rows.map((row) => [row.user_id, Number(row.minutes ?? 0)]));
}

/** Each day ends where the next begins (localDaysOf's days always do). */
function areContiguous(days: readonly LocalDay[]): boolean {
  return days.every((day, index) => index === 0 || days[index - 1]!.end === day.start);
}

/** The categories each of the company's people (or only `userId`) holds, with their price (null: 'Por Convenio'). */
export async function listUserCategories(db: Kysely<DB>, companyId: string, userId?: string) {
  return db
    .selectFrom('user_categories')
    .innerJoin('users', 'users.id', 'user_categories.user_id')
    .innerJoin('categories', 'categories.id', 'user_categories.category_id')
    .select(['user_categories.user_id', 'categories.id as category_id', 'categories.price_cents'])
    .where('users.company_id', '=', companyId)
    .$if(userId !== undefined, (query) => query.where('user_categories.user_id', '=', userId as string))
    .execute();
}

export async function findClosure(db: Kysely<DB>, companyId: string, month: string) {
  return db.selectFrom('payroll_closures').selectAll().where('company_id', '=', companyId).where('month', '=', month).executeTakeFirst();
}

/** Throws a unique violation when the month is already closed. */
export async function insertClosure(db: Kysely<DB>, closure: PayrollClosuresTable): Promise<void> {
  await db.insertInto('payroll_closures').values(closure).execute();
}

export async function deleteClosure(db: Kysely<DB>, companyId: string, month: string): Promise<number> {
  const result = await db.deleteFrom('payroll_closures').where('company_id', '=', companyId).where('month', '=', month).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Each of the company's people's sign-in name, for the export's 'Usuario' column. */
export async function listUsernames(db: Kysely<DB>, companyId: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('users').select(['id', 'username']).where('company_id', '=', companyId).execute();
  return new Map(rows.map((row) => [row.id, row.username]));
}
