import type { Kysely, Selectable } from 'kysely';
import type { DB, WebhookDeliveriesTable, WebhookSubscriptionsTable } from '../../db/schema';

export type SubscriptionRow = Selectable<WebhookSubscriptionsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export async function listSubscriptions(db: Kysely<DB>, companyId: string): Promise<(SubscriptionRow & { last_status: DeliveryRow['status'] | null; last_at: string | null })[]> {
  const rows = await db.selectFrom('webhook_subscriptions').selectAll().where('company_id', '=', companyId).orderBy('created_at').orderBy('id').execute();
  return Promise.all(
    rows.map(async (row) => {
      const last = await db
        .selectFrom('webhook_deliveries')
        .select(['status', 'created_at'])
        .where('subscription_id', '=', row.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return { ...row, last_status: last?.status ?? null, last_at: last?.created_at ?? null };
    }),
  );
}

export async function findSubscription(db: Kysely<DB>, id: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('webhook_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertSubscription(db: Kysely<DB>, row: SubscriptionRow): Promise<void> {
  await db.insertInto('webhook_subscriptions').values(row).execute();
}

export async function deleteSubscription(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('webhook_deliveries').where('subscription_id', '=', id).execute();
  await db.deleteFrom('webhook_subscriptions').where('id', '=', id).execute();
}

/** The company's subscriptions to `type`: one indexed read per emitted event. */
export async function subscribersOf(db: Kysely<DB>, companyId: string, type: string): Promise<{ id: string }[]> {
  const rows = await db.selectFrom('webhook_subscriptions').select(['id', 'events']).where('company_id', '=', companyId).execute();
  return rows.filter((row) => row.events.split(',').includes(type));
}

export async function insertDelivery(db: Kysely<DB>, row: Omit<DeliveryRow, 'attempts'>): Promise<void> {
  await db.insertInto('webhook_deliveries').values(row).execute();
}

export async function findDeliveryToSend(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_subscriptions', 'webhook_subscriptions.id', 'webhook_deliveries.subscription_id')
    .select(['webhook_deliveries.id', 'webhook_deliveries.body', 'webhook_deliveries.event_type', 'webhook_deliveries.status', 'webhook_subscriptions.url', 'webhook_subscriptions.secret'])
    .where('webhook_deliveries.id', '=', id)
    .executeTakeFirst();
}

export async function recordAttempt(
  db: Kysely<DB>,
  id: string,
  attempt: { status: DeliveryRow['status']; attempts: number; statusCode: number | null; error: string | null; response: string | null; at: string },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: attempt.status, attempts: attempt.attempts, last_status_code: attempt.statusCode, last_error: attempt.error, last_response: attempt.response, last_attempt_at: attempt.at })
    .where('id', '=', id)
    .execute();
}

export async function listDeliveries(db: Kysely<DB>, subscriptionId: string, limit: number): Promise<DeliveryRow[]> {
  return db.selectFrom('webhook_deliveries').selectAll().where('subscription_id', '=', subscriptionId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
