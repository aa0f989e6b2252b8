import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface CalendarFeedRow {
  user_id: string;
  created_at: string;
  last_used_at: string | null;
}

export async function findFeedOf(db: Kysely<DB>, userId: string): Promise<CalendarFeedRow | undefined> {
  return db.selectFrom('calendar_feeds').select(['user_id', 'created_at', 'last_used_at']).where('user_id', '=', userId).executeTakeFirst();
}

/** A new address replaces the person's previous one: the old secret stops working in the same write. */
export async function replaceFeed(db: Kysely<DB>, feed: { userId: string; companyId: string; tokenHash: string; createdAt: string }): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', feed.userId).execute();
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: feed.userId, company_id: feed.companyId, token_hash: feed.tokenHash, created_at: feed.createdAt, last_used_at: null })
    .execute();
}

export async function deleteFeed(db: Kysely<DB>, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The person a secret opens the feed of, with every condition a session would have to meet checked
 * in the same read: the account is active, still in the company the address was made in, and that
 * company's permission matrix still grants its role 'Mis Turnos'. Anything else opens nothing.
 */
export async function findFeedOwner(db: Kysely<DB>, tokenHash: string): Promise<{ userId: string; companyId: string } | undefined> {
  const row = await db
    .selectFrom('calendar_feeds')
    .innerJoin('users', 'users.id', 'calendar_feeds.user_id')
    .innerJoin('company_permissions', (join) =>
      join
        .onRef('company_permissions.company_id', '=', 'calendar_feeds.company_id')
        .onRef('company_permissions.role_id', '=', 'users.role_id')
        .on('company_permissions.view_id', '=', 'shifts'),
    )
    .select(['users.id as userId', 'calendar_feeds.company_id as companyId'])
    .where('calendar_feeds.token_hash', '=', tokenHash)
    .whereRef('users.company_id', '=', 'calendar_feeds.company_id')
    .where('users.is_disabled', '=', 0)
    .where('users.is_deleted', '=', 0)
    .executeTakeFirst();
  return row;
}

export async function touchFeed(db: Kysely<DB>, userId: string, at: string): Promise<void> {
  await db.updateTable('calendar_feeds').set({ last_used_at: at }).where('user_id', '=', userId).execute();
}

export interface FeedShiftRow {
  id: string;
  name: string;
  location: string;
  start_time: string;
  end_time: string;
  finished_early_at: string | null;
  company_name: string;
}

/** The person's shifts of the company that end after `from`, by start; bounded so a feed stays small. */
export async function listFeedShifts(db: Kysely<DB>, query: { userId: string; companyId: string; from: string; limit: number }): Promise<FeedShiftRow[]> {
  return db
    .selectFrom('event_assignments')
    .innerJoin('events', 'events.id', 'event_assignments.event_id')
    .innerJoin('companies', 'companies.id', 'events.company_id')
    .select(['events.id', 'events.name', 'events.location', 'events.start_time', 'events.end_time', 'events.finished_early_at', 'companies.name as company_name'])
    .where('event_assignments.user_id', '=', query.userId)
    .where('event_assignments.state', '!=', 'declined')
    .where('event_assignments.company_id', '=', query.companyId)
    .where('event_assignments.end_time', '>', query.from)
    .orderBy('event_assignments.start_time')
    .orderBy('events.id')
    .limit(query.limit)
    .execute();
}
