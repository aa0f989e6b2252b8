import type { Kysely } from 'kysely';
import type { DB, OpenShiftClaimsTable } from '../../db/schema';
import type { CompanyScope } from '../../lib/authorization';

export interface PlaceRow {
  event_id: string;
  company_id: string;
  category_id: string;
  category_name: string;
  places: number;
  remaining: number;
}

/** An event's open places, by category name. */
export function listPlaces(db: Kysely<DB>, eventId: string): Promise<PlaceRow[]> {
  return db
    .selectFrom('event_open_places')
    .innerJoin('categories', 'categories.id', 'event_open_places.category_id')
    .select(['event_open_places.event_id', 'event_open_places.company_id', 'event_open_places.category_id', 'categories.name as category_name'])
    .select(['event_open_places.places', 'event_open_places.remaining'])
    .where('event_open_places.event_id', '=', eventId)
    .orderBy('categories.name')
    .execute();
}

export interface ClaimRow {
  id: string;
  event_id: string;
  company_id: string;
  category_id: string;
  category_name: string;
  user_id: string;
  user_name: string;
  state: OpenShiftClaimsTable['state'];
  created_at: string;
  decided_at: string | null;
}

const claimColumns = [
  'open_shift_claims.id',
  'open_shift_claims.event_id',
  'open_shift_claims.company_id',
  'open_shift_claims.category_id',
  'categories.name as category_name',
  'open_shift_claims.user_id',
  'users.name as user_name',
  'open_shift_claims.state',
  'open_shift_claims.created_at',
  'open_shift_claims.decided_at',
] as const;

function claims(db: Kysely<DB>) {
  return db
    .selectFrom('open_shift_claims')
    .innerJoin('categories', 'categories.id', 'open_shift_claims.category_id')
    .innerJoin('users', 'users.id', 'open_shift_claims.user_id')
    .select(claimColumns);
}

export function listClaims(db: Kysely<DB>, eventId: string): Promise<ClaimRow[]> {
  return claims(db).where('open_shift_claims.event_id', '=', eventId).orderBy('open_shift_claims.created_at').orderBy('open_shift_claims.id').execute();
}

/** A claim inside the scope; another company's answers nothing (404, no probing). */
export function findClaim(db: Kysely<DB>, scope: CompanyScope, id: string): Promise<ClaimRow | undefined> {
  return claims(db)
    .where('open_shift_claims.id', '=', id)
    .$if(scope.kind === 'company', (q) => q.where('open_shift_claims.company_id', '=', scope.kind === 'company' ? scope.companyId : ''))
    .executeTakeFirst();
}

export interface OpenShiftRow {
  event_id: string;
  name: string;
  location: string;
  start_time: string;
  end_time: string;
  category_id: string;
  category_name: string;
  remaining: number;
}

/**
 * The company's events not yet started with open places of the person's categories: those with a
 * place left, and those the person already asked for (so they see the answer).
 */
export function listOpenShiftsOf(db: Kysely<DB>, companyId: string, userId: string, after: Date, limit: number): Promise<OpenShiftRow[]> {
  return db
    .selectFrom('event_open_places')
    .innerJoin('events', 'events.id', 'event_open_places.event_id')
    .innerJoin('categories', 'categories.id', 'event_open_places.category_id')
    .innerJoin('user_categories', (join) => join.onRef('user_categories.category_id', '=', 'event_open_places.category_id').on('user_categories.user_id', '=', userId))
    .select(['events.id as event_id', 'events.name', 'events.location', 'events.start_time', 'events.end_time'])
    .select(['event_open_places.category_id', 'categories.name as category_name', 'event_open_places.remaining'])
    .where('event_open_places.company_id', '=', companyId)
    .where('events.company_id', '=', companyId)
    .where('events.start_time', '>', after.toISOString())
    .where((eb) =>
      eb.or([
        eb('event_open_places.remaining', '>', 0),
        eb.exists(eb.selectFrom('open_shift_claims').select('open_shift_claims.id').whereRef('open_shift_claims.event_id', '=', 'events.id').where('open_shift_claims.user_id', '=', userId)),
      ]),
    )
    .orderBy('events.start_time')
    .orderBy('events.id')
    .orderBy('categories.name')
    .limit(limit)
    .execute();
}

/** The person's claims on these events: event id → state. */
export async function myClaims(db: Kysely<DB>, userId: string, eventIds: readonly string[]): Promise<Map<string, OpenShiftClaimsTable['state']>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db.selectFrom('open_shift_claims').select(['event_id', 'state']).where('user_id', '=', userId).where('event_id', 'in', eventIds).execute();
  return new Map(rows.map((row) => [row.event_id, row.state]));
}

/** The events among these the person is on (a declined row does not staff it, decision 046). */
export async function staffedEvents(db: Kysely<DB>, userId: string, eventIds: readonly string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('event_assignments')
    .select('event_id')
    .where('user_id', '=', userId)
    .where('event_id', 'in', eventIds)
    .where('state', '<>', 'declined')
    .execute();
  return new Set(rows.map((row) => row.event_id));
}

export async function holdsCategory(db: Kysely<DB>, userId: string, categoryId: string): Promise<boolean> {
  return (await db.selectFrom('user_categories').select('user_id').where('user_id', '=', userId).where('category_id', '=', categoryId).executeTakeFirst()) !== undefined;
}

export async function companyCategoryIds(db: Kysely<DB>, companyId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('company_categories').select('category_id').where('company_id', '=', companyId).execute();
  return new Set(rows.map((row) => row.category_id));
}

/**
 * The atomic capacity check: one place fewer only while one is left. Inside the claim's
 * transaction the row stays locked (PostgreSQL) or the database is held (SQLite) until commit, so of
 * two claims for the last place, on one server or two, exactly one sees a row updated.
 */
export async function takePlace(db: Kysely<DB>, eventId: string, categoryId: string): Promise<boolean> {
  const result = await db
    .updateTable('event_open_places')
    .set((eb) => ({ remaining: eb('remaining', '-', 1) }))
    .where('event_id', '=', eventId)
    .where('category_id', '=', categoryId)
    .where('remaining', '>', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A new number of places keeps the ones already taken: remaining = new places − taken, refused
 * (false) when that would be negative. One statement, so a claim at the same moment is counted.
 */
export async function resizePlaces(db: Kysely<DB>, eventId: string, categoryId: string, places: number): Promise<boolean> {
  const result = await db
    .updateTable('event_open_places')
    .set((eb) => ({ remaining: eb(eb('remaining', '+', places), '-', eb.ref('places')), places }))
    .where('event_id', '=', eventId)
    .where('category_id', '=', categoryId)
    .where((eb) => eb(eb(eb('remaining', '+', places), '-', eb.ref('places')), '>=', 0))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertPlaces(db: Kysely<DB>, row: { event_id: string; company_id: string; category_id: string; places: number }): Promise<void> {
  await db.insertInto('event_open_places').values({ ...row, remaining: row.places }).execute();
}

export async function deleteEmptyPlaces(db: Kysely<DB>, eventId: string): Promise<void> {
  await db.deleteFrom('event_open_places').where('event_id', '=', eventId).where('places', '=', 0).execute();
}

export async function insertClaim(db: Kysely<DB>, row: Omit<OpenShiftClaimsTable, 'decided_at' | 'decided_by'> & { decided_at?: string | null; decided_by?: string | null }): Promise<void> {
  await db.insertInto('open_shift_claims').values(row).execute();
}

/** Decides a claim only while pending: false when someone already did (409). */
export async function decideClaim(db: Kysely<DB>, change: { id: string; state: 'approved' | 'rejected'; at: string; by: string }): Promise<boolean> {
  const result = await db
    .updateTable('open_shift_claims')
    .set({ state: change.state, decided_at: change.at, decided_by: change.by })
    .where('id', '=', change.id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
