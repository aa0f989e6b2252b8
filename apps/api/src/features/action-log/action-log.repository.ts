import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { newId } from '../../lib/ids';

export interface ActionEntry {
  actorId: string | null;
  actorName: string;
  companyId: string | null;
  /** 'login' entries are hidden on the action-log screen; other kinds name the change. */
  kind: string;
  message: string;
  at: Date;
}

/** Append-only: the log is never updated or deleted through the product. */
export async function appendAction(db: Kysely<DB>, entry: ActionEntry): Promise<void> {
  await db
    .insertInto('action_log')
    .values({
      id: newId('log'),
      created_at: entry.at.toISOString(),
      actor_id: entry.actorId,
      actor_name: entry.actorName,
      company_id: entry.companyId,
      kind: entry.kind,
      message: entry.message,
    })
    .execute();
}
