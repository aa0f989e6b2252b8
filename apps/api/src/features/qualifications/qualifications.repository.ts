import type { Kysely } from 'kysely';
import type { DB, EmployeeQualificationsTable } from '../../db/schema';
import type { CompanyScope } from '../../lib/authorization';
import { roleIdsWithBase } from '../../db/tenant-lookups';

const inCompany = (scope: CompanyScope) => (scope.kind === 'company' ? scope.companyId : undefined);

export async function findCompanyName(db: Kysely<DB>, companyId: string): Promise<string | undefined> {
  return (await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst())?.name;
}

// ---- Types ------------------------------------------------------------------------------------------

export async function listTypes(db: Kysely<DB>, companyId: string) {
  const rows = await db
    .selectFrom('qualification_types as t')
    .leftJoin('employee_qualifications as q', 'q.type_id', 't.id')
    .select((eb) => ['t.id', 't.company_id', 't.name', eb.fn.count<string | number>('q.user_id').distinct().as('holders')])
    .where('t.company_id', '=', companyId)
    .groupBy(['t.id', 't.company_id', 't.name'])
    .orderBy('t.name')
    .execute();
  return rows.map((row) => ({ id: row.id, companyId: row.company_id, name: row.name, holders: Number(row.holders) }));
}

export function findType(db: Kysely<DB>, scope: CompanyScope, id: string) {
  const companyId = inCompany(scope);
  return db
    .selectFrom('qualification_types')
    .select(['id', 'company_id', 'name'])
    .where('id', '=', id)
    .$if(companyId !== undefined, (q) => q.where('company_id', '=', companyId!))
    .executeTakeFirst();
}

export async function findTypesOfCompany(db: Kysely<DB>, companyId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('qualification_types').select(['id', 'name']).where('company_id', '=', companyId).where('id', 'in', [...ids]).execute();
}

export async function insertType(db: Kysely<DB>, row: { id: string; companyId: string; name: string; at: string }): Promise<void> {
  await db.insertInto('qualification_types').values({ id: row.id, company_id: row.companyId, name: row.name, created_at: row.at }).execute();
}

export async function countHolders(db: Kysely<DB>, typeId: string): Promise<number> {
  const row = await db.selectFrom('employee_qualifications').select((eb) => eb.fn.countAll<string | number>().as('n')).where('type_id', '=', typeId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function deleteType(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('category_qualification_requirements').where('type_id', '=', id).execute();
  await db.deleteFrom('event_qualification_requirements').where('type_id', '=', id).execute();
  await db.deleteFrom('qualification_types').where('id', '=', id).execute();
}

// ---- People and their qualifications ------------------------------------------------------------------

/** An Empleado or Supervisor of the scope, not deleted. */
export async function findHolder(db: Kysely<DB>, scope: CompanyScope, id: string): Promise<{ id: string; name: string; companyId: string } | undefined> {
  const companyId = inCompany(scope);
  const row = await db
    .selectFrom('users')
    .select(['id', 'name', 'company_id'])
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .where('role_id', 'in', roleIdsWithBase(db, ['Empleado', 'Supervisor']))
    .where('company_id', 'is not', null)
    .$if(companyId !== undefined, (q) => q.where('company_id', '=', companyId!))
    .executeTakeFirst();
  return row && row.company_id !== null ? { id: row.id, name: row.name, companyId: row.company_id } : undefined;
}

export function findNames(db: Kysely<DB>, companyId: string, ids: readonly string[]) {
  return db.selectFrom('users').select(['id', 'name']).where('company_id', '=', companyId).where('id', 'in', ids.length > 0 ? [...ids] : ['']).execute();
}

const qualificationColumns = [
  'q.id',
  'q.company_id',
  'q.user_id',
  'q.type_id',
  't.name as type_name',
  'q.number',
  'q.issued_on',
  'q.expires_on',
  'q.file_id',
] as const;

export type QualificationRow = Awaited<ReturnType<typeof listQualificationsOf>>[number];

export function listQualificationsOf(db: Kysely<DB>, companyId: string, userIds: readonly string[]) {
  return db
    .selectFrom('employee_qualifications as q')
    .innerJoin('qualification_types as t', 't.id', 'q.type_id')
    .select(qualificationColumns)
    .where('q.company_id', '=', companyId)
    .where('q.user_id', 'in', userIds.length > 0 ? [...userIds] : [''])
    .orderBy('t.name')
    .orderBy('q.expires_on', 'desc')
    .execute();
}

export function findQualification(db: Kysely<DB>, scope: CompanyScope, id: string) {
  const companyId = inCompany(scope);
  return db
    .selectFrom('employee_qualifications as q')
    .innerJoin('qualification_types as t', 't.id', 'q.type_id')
    .select(qualificationColumns)
    .where('q.id', '=', id)
    .$if(companyId !== undefined, (q) => q.where('q.company_id', '=', companyId!))
    .executeTakeFirst();
}

export async function insertQualification(db: Kysely<DB>, row: EmployeeQualificationsTable): Promise<void> {
  await db.insertInto('employee_qualifications').values(row).execute();
}

export async function updateQualification(
  db: Kysely<DB>,
  id: string,
  change: Partial<Pick<EmployeeQualificationsTable, 'type_id' | 'number' | 'issued_on' | 'expires_on' | 'file_id' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('employee_qualifications').set(change).where('id', '=', id).execute();
}

export async function deleteQualification(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('qualification_reminders').where('qualification_id', '=', id).execute();
  await db.deleteFrom('employee_qualifications').where('id', '=', id).execute();
}

/** 'Caducidades': every qualification of the company that expires on or before `until`, with its holder. */
export function listExpiringUntil(db: Kysely<DB>, companyId: string, until: string) {
  return db
    .selectFrom('employee_qualifications as q')
    .innerJoin('qualification_types as t', 't.id', 'q.type_id')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .select([...qualificationColumns, 'u.name as user_name'])
    .where('q.company_id', '=', companyId)
    .where('u.is_deleted', '=', 0)
    .where('q.expires_on', 'is not', null)
    .where('q.expires_on', '<=', until)
    .orderBy('q.expires_on')
    .orderBy('u.name')
    .limit(1000)
    .execute();
}

// ---- Requirements ------------------------------------------------------------------------------------

export function listCompanyCategories(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('company_categories as cc')
    .innerJoin('categories as c', 'c.id', 'cc.category_id')
    .select(['c.id', 'c.name'])
    .where('cc.company_id', '=', companyId)
    .orderBy('c.name')
    .execute();
}

export async function isCompanyCategory(db: Kysely<DB>, companyId: string, categoryId: string): Promise<boolean> {
  const row = await db.selectFrom('company_categories').select('category_id').where('company_id', '=', companyId).where('category_id', '=', categoryId).executeTakeFirst();
  return row !== undefined;
}

export function listCategoryRequirements(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('category_qualification_requirements')
    .select(['category_id', 'type_id', 'requires_photo'])
    .where('company_id', '=', companyId)
    .execute();
}

export async function replaceCategoryRequirements(
  db: Kysely<DB>,
  companyId: string,
  categoryId: string,
  requirements: ReadonlyArray<{ typeId: string; requiresPhoto: boolean }>,
): Promise<void> {
  await db.deleteFrom('category_qualification_requirements').where('company_id', '=', companyId).where('category_id', '=', categoryId).execute();
  if (requirements.length === 0) return;
  await db
    .insertInto('category_qualification_requirements')
    .values(requirements.map((item) => ({ category_id: categoryId, type_id: item.typeId, company_id: companyId, requires_photo: item.requiresPhoto ? 1 : 0 })))
    .execute();
}

/** What each person must hold in the company through their categories (type, photo required). */
export function listRequirementsOfPeople(db: Kysely<DB>, companyId: string, userIds: readonly string[]) {
  return db
    .selectFrom('user_categories as uc')
    .innerJoin('category_qualification_requirements as r', 'r.category_id', 'uc.category_id')
    .innerJoin('qualification_types as t', 't.id', 'r.type_id')
    .select(['uc.user_id', 'r.type_id', 't.name as type_name', 'r.requires_photo'])
    .where('r.company_id', '=', companyId)
    .where('uc.user_id', 'in', userIds.length > 0 ? [...userIds] : [''])
    .execute();
}

export function findEventInScope(db: Kysely<DB>, scope: CompanyScope, eventId: string) {
  const companyId = inCompany(scope);
  return db
    .selectFrom('events')
    .select(['id', 'company_id'])
    .where('id', '=', eventId)
    .$if(companyId !== undefined, (q) => q.where('company_id', '=', companyId!))
    .executeTakeFirst();
}

export function listEventRequirements(db: Kysely<DB>, eventIds: readonly string[]) {
  return db
    .selectFrom('event_qualification_requirements as r')
    .innerJoin('qualification_types as t', 't.id', 'r.type_id')
    .select(['r.event_id', 'r.type_id', 't.name as type_name'])
    .where('r.event_id', 'in', eventIds.length > 0 ? [...eventIds] : [''])
    .orderBy('t.name')
    .execute();
}

export async function replaceEventRequirements(db: Kysely<DB>, eventIds: readonly string[], typeIds: readonly string[]): Promise<void> {
  if (eventIds.length === 0) return;
  await db.deleteFrom('event_qualification_requirements').where('event_id', 'in', [...eventIds]).execute();
  const rows = eventIds.flatMap((eventId) => typeIds.map((typeId) => ({ event_id: eventId, type_id: typeId })));
  for (let index = 0; index < rows.length; index += 200) await db.insertInto('event_qualification_requirements').values(rows.slice(index, index + 200)).execute();
}

// ---- Reminders -------------------------------------------------------------------------------------------

/** Qualifications of every company whose expiry falls in [from, until] (the reminder window). */
export function listExpiringBetween(db: Kysely<DB>, from: string, until: string, limit: number) {
  return db
    .selectFrom('employee_qualifications as q')
    .innerJoin('qualification_types as t', 't.id', 'q.type_id')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .select(['q.id', 'q.company_id', 'q.user_id', 'q.expires_on', 't.name as type_name', 'u.name as user_name'])
    .where('q.expires_on', '>=', from)
    .where('q.expires_on', '<=', until)
    .where('u.is_deleted', '=', 0)
    .where(({ not, exists, selectFrom }) =>
      // Only those still owed a reminder at some threshold (the caller picks which).
      not(exists(selectFrom('qualification_reminders as r').select('r.days').whereRef('r.qualification_id', '=', 'q.id').whereRef('r.expires_on', '=', 'q.expires_on').where('r.days', '=', 7))),
    )
    .orderBy('q.expires_on')
    .limit(limit)
    .execute();
}

export async function sentReminderDays(db: Kysely<DB>, qualificationId: string, expiresOn: string): Promise<number[]> {
  const rows = await db.selectFrom('qualification_reminders').select('days').where('qualification_id', '=', qualificationId).where('expires_on', '=', expiresOn).execute();
  return rows.map((row) => Number(row.days));
}

export async function insertReminder(db: Kysely<DB>, row: { qualificationId: string; expiresOn: string; days: number; at: string }): Promise<void> {
  await db.insertInto('qualification_reminders').values({ qualification_id: row.qualificationId, expires_on: row.expiresOn, days: row.days, sent_at: row.at }).execute();
}

export async function anyExpiryAfter(db: Kysely<DB>, day: string): Promise<boolean> {
  return (await db.selectFrom('employee_qualifications').select('id').where('expires_on', '>=', day).limit(1).executeTakeFirst()) !== undefined;
}
