/**
 * The action log's writer (a ledger, issue 22): every feature appends its line inside its own
 * transaction. The log screen's reads stay in features/action-log.
 */
import type { Insertable, Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { ActionLogTable, DB } from '../../db/schema';
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

const insertAction = preparedQuery<Insertable<ActionLogTable>>()((db, param) =>
  db.insertInto('action_log').values({
    id: param('id'),
    created_at: param('created_at'),
    actor_id: param('actor_id'),
    actor_name: param('actor_name'),
    company_id: param('company_id'),
    kind: param('kind'),
    message: param('message'),
  }),
);

/** Append-only: the log is never updated or deleted through the product. */
export async function appendAction(db: Kysely<DB>, entry: ActionEntry): Promise<void> {
  await insertAction.run(db, {
    id: newId('log'),
    created_at: entry.at.toISOString(),
    actor_id: entry.actorId,
    actor_name: entry.actorName,
    company_id: entry.companyId,
    kind: entry.kind,
    message: entry.message,
  });
}

/** The entry for a change made by a signed-in user, in the caller's transaction. */
export function appendActorAction(
  db: Kysely<DB>,
  actor: { userId: string; name: string },
  at: Date,
  change: { companyId: string | null; kind: string; message: string },
): Promise<void> {
  return appendAction(db, { actorId: actor.userId, actorName: actor.name, at, ...change });
}
