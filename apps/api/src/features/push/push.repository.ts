import type { Kysely } from 'kysely';
import type { PushDevice } from '@jornada/shared/schemas/push';
import type { DB, PushSubscriptionsTable } from '../../db/schema';

const toDevice = (row: Pick<PushSubscriptionsTable, 'id' | 'endpoint' | 'device_label' | 'created_at' | 'last_used_at'>): PushDevice => ({
  id: row.id,
  endpoint: row.endpoint,
  deviceLabel: row.device_label,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

const deviceColumns = ['id', 'endpoint', 'device_label', 'created_at', 'last_used_at'] as const;

/**
 * Insert, or take over the row of the same endpoint: one browser profile has one endpoint, and it
 * belongs to whoever subscribed last on it (a shared phone signed in by another person must stop
 * showing the previous person's notices).
 */
export async function upsertSubscription(db: Kysely<DB>, row: PushSubscriptionsTable): Promise<PushDevice> {
  const saved = await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: row.user_id,
        company_id: row.company_id,
        p256dh: row.p256dh,
        auth: row.auth,
        user_agent: row.user_agent,
        device_label: row.device_label,
        created_at: row.created_at,
        last_used_at: null,
      }),
    )
    .returning(deviceColumns)
    .executeTakeFirstOrThrow();
  return toDevice(saved);
}

export async function listForUser(db: Kysely<DB>, userId: string, companyId: string): Promise<PushDevice[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(deviceColumns)
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toDevice);
}

/** Only the owner's own row goes: anyone else's id deletes nothing (and the caller answers 404). */
export async function deleteOwn(db: Kysely<DB>, userId: string, companyId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('push_subscriptions').where('id', '=', id).where('user_id', '=', userId).where('company_id', '=', companyId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** What the push channel needs to reach a person: every browser they subscribed, in their company. */
export async function subscriptionsOf(db: Kysely<DB>, userId: string, companyId: string) {
  return db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('user_id', '=', userId).where('company_id', '=', companyId).orderBy('id').execute();
}

export async function removeSubscription(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export async function markUsed(db: Kysely<DB>, ids: readonly string[], at: string): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('push_subscriptions').set({ last_used_at: at }).where('id', 'in', [...ids]).execute();
}
