import type { Kysely } from 'kysely';
import type { DB, MailsTable } from '../../db/schema';

export async function insertMail(db: Kysely<DB>, row: MailsTable): Promise<boolean> {
  // A mail with an idempotency id (a notification's e-mail) is queued once, however often its cause runs.
  const result = await db.insertInto('mails').values(row).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function findMail(db: Kysely<DB>, id: string): Promise<MailsTable | undefined> {
  return db.selectFrom('mails').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Counts a try before it is made, so a try that dies with the server is still counted. */
export async function countAttempt(db: Kysely<DB>, id: string): Promise<void> {
  await db.updateTable('mails').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', id).execute();
}

export async function markMail(db: Kysely<DB>, id: string, fields: Partial<Pick<MailsTable, 'status' | 'sent_at' | 'last_error'>>): Promise<void> {
  await db.updateTable('mails').set(fields).where('id', '=', id).execute();
}

/** Newest first; `after` is the (created_at, id) of the previous page's last row. */
export function listMails(db: Kysely<DB>, options: { after?: [string, string]; limit: number }): Promise<MailsTable[]> {
  return db
    .selectFrom('mails')
    .selectAll()
    .$if(options.after !== undefined, (query) => {
      const [createdAt, id] = options.after!;
      return query.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]));
    })
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit)
    .execute();
}
