import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function listCompanyHolidays(db: Kysely<DB>, companyId: string, from: string, to: string) {
  return db
    .selectFrom('company_holidays')
    .select(['id', 'date', 'name', 'kind'])
    .where('company_id', '=', companyId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .execute();
}

export async function listExcludedDates(db: Kysely<DB>, companyId: string, from: string, to: string): Promise<string[]> {
  const rows = await db
    .selectFrom('company_holiday_exclusions')
    .select('date')
    .where('company_id', '=', companyId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .execute();
  return rows.map((row) => row.date);
}

export function findHoliday(db: Kysely<DB>, id: string) {
  return db.selectFrom('company_holidays').select(['id', 'company_id', 'date', 'name', 'kind']).where('id', '=', id).executeTakeFirst();
}

export async function findHolidayOn(db: Kysely<DB>, companyId: string, date: string): Promise<boolean> {
  return (await db.selectFrom('company_holidays').select('id').where('company_id', '=', companyId).where('date', '=', date).executeTakeFirst()) !== undefined;
}

export async function insertHoliday(
  db: Kysely<DB>,
  row: { id: string; companyId: string; date: string; name: string; kind: 'autonomico' | 'local'; at: string; by: string },
): Promise<void> {
  await db
    .insertInto('company_holidays')
    .values({ id: row.id, company_id: row.companyId, date: row.date, name: row.name, kind: row.kind, created_at: row.at, created_by: row.by })
    .execute();
}

export async function deleteHoliday(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('company_holidays').where('id', '=', id).execute();
}

export async function isExcluded(db: Kysely<DB>, companyId: string, date: string): Promise<boolean> {
  return (await db.selectFrom('company_holiday_exclusions').select('date').where('company_id', '=', companyId).where('date', '=', date).executeTakeFirst()) !== undefined;
}

export async function insertExclusion(db: Kysely<DB>, row: { companyId: string; date: string; at: string; by: string }): Promise<void> {
  await db.insertInto('company_holiday_exclusions').values({ company_id: row.companyId, date: row.date, created_at: row.at, created_by: row.by }).execute();
}

export async function deleteExclusion(db: Kysely<DB>, companyId: string, date: string): Promise<void> {
  await db.deleteFrom('company_holiday_exclusions').where('company_id', '=', companyId).where('date', '=', date).execute();
}
