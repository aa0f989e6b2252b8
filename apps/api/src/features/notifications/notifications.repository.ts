import type { Kysely } from 'kysely';
import type { Notification } from '@jornada/shared/schemas/notifications';
import type { DB, NotificationsTable } from '../../db/schema';

/** The active users among `userIds` that belong to `companyId`: nobody of another company is ever notified. */
export async function activeMembersOf(db: Kysely<DB>, companyId: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', [...new Set(userIds)])
    .where('is_deleted', '=', 0)
    .where('is_disabled', '=', 0)
    .execute();
  return rows.map((row) => row.id);
}

export async function insertNotifications(db: Kysely<DB>, rows: NotificationsTable[]): Promise<void> {
  for (let index = 0; index < rows.length; index += 200) await db.insertInto('notifications').values(rows.slice(index, index + 200)).execute();
}

const toNotification = (row: Pick<NotificationsTable, 'id' | 'kind' | 'title' | 'body' | 'link' | 'created_at' | 'read_at'>): Notification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.created_at,
  readAt: row.read_at,
});

/** Newest first; `after` is the (created_at, id) of the previous page's last row. */
export async function listForUser(db: Kysely<DB>, userId: string, companyId: string, options: { after?: [string, string]; limit: number }): Promise<Notification[]> {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'kind', 'title', 'body', 'link', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .$if(options.after !== undefined, (query) => {
      const [createdAt, id] = options.after!;
      return query.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]));
    })
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit)
    .execute();
  return rows.map(toNotification);
}

export async function countUnread(db: Kysely<DB>, userId: string, companyId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks one of the user's own notifications read (a second time keeps the first instant); false when it is not theirs. */
export async function markRead(db: Kysely<DB>, userId: string, companyId: string, id: string, at: string): Promise<Notification | undefined> {
  await db.updateTable('notifications').set({ read_at: at }).where('id', '=', id).where('user_id', '=', userId).where('company_id', '=', companyId).where('read_at', 'is', null).execute();
  const row = await db
    .selectFrom('notifications')
    .select(['id', 'kind', 'title', 'body', 'link', 'created_at', 'read_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row && toNotification(row);
}

export async function markAllRead(db: Kysely<DB>, userId: string, companyId: string, at: string): Promise<number> {
  const result = await db.updateTable('notifications').set({ read_at: at }).where('user_id', '=', userId).where('company_id', '=', companyId).where('read_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
