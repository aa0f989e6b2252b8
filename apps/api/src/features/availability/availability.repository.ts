import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, UnavailabilityTable } from '../../db/schema';
import { roleIdsWithBase } from '../../db/tenant-lookups';
import type { CompanyScope } from '../../lib/authorization';

export type UnavailabilityRow = Selectable<UnavailabilityTable>;

/** An Empleado or Supervisor of the scope (a custom role counts by its base, decision 043), not deleted. */
export async function findPerson(db: Kysely<DB>, scope: CompanyScope, id: string): Promise<{ id: string; name: string; companyId: string } | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'name', 'company_id'])
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .where('role_id', 'in', roleIdsWithBase(db, ['Empleado', 'Supervisor']))
    .where('company_id', 'is not', null)
    .$if(scope.kind === 'company', (q) => q.where('company_id', '=', scope.kind === 'company' ? scope.companyId : ''))
    .executeTakeFirst();
  return row && row.company_id !== null ? { id: row.id, name: row.name, companyId: row.company_id } : undefined;
}

/** A person's entries in their company: dated ones by their start, then the weekly ones by weekday. */
export function listOfPerson(db: Kysely<DB>, companyId: string, userId: string): Promise<UnavailabilityRow[]> {
  return db
    .selectFrom('unavailability')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .orderBy('kind')
    .orderBy('start_date')
    .orderBy('weekday')
    .orderBy('start_time')
    .orderBy('id')
    .execute();
}

export async function countOfPerson(db: Kysely<DB>, companyId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('unavailability')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertEntry(db: Kysely<DB>, row: Insertable<UnavailabilityTable>): Promise<void> {
  await db.insertInto('unavailability').values(row).execute();
}

export function findOwnEntry(db: Kysely<DB>, companyId: string, userId: string, id: string): Promise<UnavailabilityRow | undefined> {
  return db.selectFrom('unavailability').selectAll().where('id', '=', id).where('company_id', '=', companyId).where('user_id', '=', userId).executeTakeFirst();
}

export async function deleteEntry(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('unavailability').where('id', '=', id).execute();
}

/**
 * The entries of these people in the company that may cover a day from `firstDay` to `lastDay`
 * ('YYYY-MM-DD'): every weekly one, and the dated ones whose range meets those days.
 */
export async function listCovering(db: Kysely<DB>, companyId: string, userIds: readonly string[], firstDay: string, lastDay: string): Promise<UnavailabilityRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('unavailability')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('user_id', 'in', [...userIds])
    .where((eb) => eb.or([eb('kind', '=', 'weekly'), eb.and([eb('start_date', '<=', lastDay), eb('end_date', '>=', firstDay)])]))
    .execute();
}
