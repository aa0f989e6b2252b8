import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { roleIdsWithBase } from '../../db/tenant-lookups';

/*
 * What an import reads to judge a file: one query per question for the whole file (never one per
 * row). Every read of people is narrowed to the one company the rows go into, but usernames, which
 * are unique on the whole platform (a person signs in with one).
 */

const some = (values: readonly string[]) => (values.length > 0 ? [...values] : ['']);

export function listCompanies(db: Kysely<DB>) {
  return db.selectFrom('companies').select(['id', 'name']).orderBy('name').limit(10_000).execute();
}

/** Usernames already in use, deleted users' too (their records keep naming them). */
export async function findTakenUsernames(db: Kysely<DB>, usernames: readonly string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('users').select('username').where('username', 'in', some(usernames)).execute();
  return new Set(rows.map((row) => row.username));
}

/** E-mails (lower case) of the company's live accounts. */
export async function findCompanyEmails(db: Kysely<DB>, companyId: string, emails: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('users')
    .select((eb) => eb.fn<string>('lower', ['email']).as('email'))
    .where('company_id', '=', companyId)
    .where('is_deleted', '=', 0)
    .where((eb) => eb(eb.fn('lower', ['email']), 'in', some(emails.map((email) => email.toLowerCase()))))
    .execute();
  return new Set(rows.map((row) => row.email));
}

export async function findCompanyDnis(db: Kysely<DB>, companyId: string, dnis: readonly string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('users').select('dni').where('company_id', '=', companyId).where('dni', 'in', some(dnis)).execute();
  return new Set(rows.flatMap((row) => (row.dni === null ? [] : [row.dni])));
}

/** The categories offered in the company, by name. */
export function listCompanyCategories(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('categories')
    .innerJoin('company_categories', 'company_categories.category_id', 'categories.id')
    .select(['categories.id', 'categories.name'])
    .where('company_categories.company_id', '=', companyId)
    .execute();
}

export function listQualificationTypes(db: Kysely<DB>, companyId: string) {
  return db.selectFrom('qualification_types').select(['id', 'name']).where('company_id', '=', companyId).orderBy('name').execute();
}

/** The company's Empleado and Supervisor accounts (custom roles by their base) with these usernames. */
export function findCompanyStaff(db: Kysely<DB>, companyId: string, usernames: readonly string[]) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'username', 'is_disabled', 'is_deleted'])
    .where('company_id', '=', companyId)
    .where('username', 'in', some(usernames))
    .where('role_id', 'in', roleIdsWithBase(db, ['Empleado', 'Supervisor']))
    .execute();
}
