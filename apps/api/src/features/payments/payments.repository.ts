import type { Kysely } from 'kysely';
import type { DB, PaymentsTable } from '../../db/schema';
import { roleIdsWithBase } from '../../db/tenant-lookups';

export interface PayableEmployee {
  id: string;
  name: string;
  email: string | null;
}

/**
 * Every Empleado of the company who has not been deleted (spec section 6: payment lists cover Empleado
 * users), a custom role based on Empleado included (decision 043).
 */
export async function listPayableEmployees(db: Kysely<DB>, companyId: string): Promise<PayableEmployee[]> {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('company_id', '=', companyId)
    .where('role_id', 'in', roleIdsWithBase(db, ['Empleado']))
    .where('is_deleted', '=', 0)
    .orderBy('name')
    .orderBy('id')
    .limit(5000)
    .execute();
}

/** Minutes of completed records that started in [from, to), per person, in one grouped query. */
export async function sumCompletedMinutes(
  db: Kysely<DB>,
  companyId: string,
  range: { from: string; to: string },
  userIds?: readonly string[],
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('time_records')
    .select((eb) => ['user_id', eb.fn.sum('duration').as('minutes')])
    .where('company_id', '=', companyId)
    .where('status', '=', 'completado')
    .where('start_time', '>=', range.from)
    .where('start_time', '<', range.to)
    .$if(userIds !== undefined, (query) => query.where('user_id', 'in', [...(userIds as string[])]))
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, Number(row.minutes ?? 0)]));
}

/**
 * The hourly price of each person: the highest priced category they hold (a person may belong to
 * several); absent means 'Por Convenio'.
 */
export async function hourlyPriceCents(db: Kysely<DB>, userIds: readonly string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_categories')
    .innerJoin('categories', 'categories.id', 'user_categories.category_id')
    .select((eb) => ['user_categories.user_id', eb.fn.max('categories.price_cents').as('price_cents')])
    .where('user_categories.user_id', 'in', [...userIds])
    .where('categories.price_cents', 'is not', null)
    .groupBy('user_categories.user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, Number(row.price_cents)]));
}

export async function listPaymentsOfMonth(db: Kysely<DB>, companyId: string, month: string) {
  return db.selectFrom('payments').selectAll().where('company_id', '=', companyId).where('month', '=', month).execute();
}

/** Throws a unique violation when the month is already paid for that person (payments_user_month_idx). */
export async function insertPayment(db: Kysely<DB>, payment: PaymentsTable): Promise<void> {
  await db.insertInto('payments').values(payment).execute();
}
