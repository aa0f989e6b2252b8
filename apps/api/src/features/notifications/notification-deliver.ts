import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { JobHandler } from '../../jobs/job-queue';
import type { DeliveryChannel, DeliveryContext } from './delivery-channel';

export const NOTIFICATION_DELIVER_JOB = 'notification.deliver';
export const DELIVER_MAX_ATTEMPTS = 8;

export interface DeliverPayload {
  notificationIds: string[];
}

/**
 * The 'notification.deliver' job (docs/decisions/035): for each delivery row of its notifications
 * not yet recorded, hands the notification to its channel and records the answer right after, one
 * row at a time. A row already 'sent' or 'skipped' is never handed again, so a retried or re-claimed
 * job repeats no delivery; a channel that throws leaves its row to the job's next try (and only it).
 * A channel missing from the registry (push before it is merged) is recorded 'skipped'.
 */
export function notificationDeliverHandler(options: { channels: readonly DeliveryChannel[]; publicUrl: string }): JobHandler {
  const registry = new Map(options.channels.map((channel) => [channel.channel, channel]));
  return async (payload, { db, clock, attempt }) => {
    const { notificationIds } = payload as DeliverPayload;
    if (notificationIds.length === 0) return;
    const context: DeliveryContext = { db, clock, publicUrl: options.publicUrl };
    const rows = await pendingDeliveries(db, notificationIds);
    const failures: unknown[] = [];
    for (const row of rows) {
      const record = (fields: { status: 'pending' | 'sent' | 'skipped' | 'failed'; last_error?: string | null }) =>
        db
          .updateTable('notification_deliveries')
          .set((eb) => ({ ...fields, attempts: eb('attempts', '+', 1), sent_at: fields.status === 'sent' ? clock().toISOString() : null }))
          .where('notification_id', '=', row.notification_id)
          .where('channel', '=', row.channel)
          .execute();
      const channel = registry.get(row.channel);
      // Nobody to tell any more (deleted, disabled, moved out of the company since): nothing is sent.
      if (!channel || !row.user_active) {
        await record({ status: 'skipped', last_error: null });
        continue;
      }
      try {
        const result = await channel.deliver(context, {
          notification: { id: row.notification_id, kind: row.kind, title: row.title, body: row.body, link: row.link, createdAt: row.created_at },
          user: { id: row.user_id, name: row.user_name, email: row.user_email },
          company: { id: row.company_id, name: row.company_name },
        });
        await record({ status: result, last_error: null });
      } catch (error) {
        failures.push(error);
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
        await record({ status: attempt >= DELIVER_MAX_ATTEMPTS ? 'failed' : 'pending', last_error: message });
      }
    }
    if (failures.length > 0) throw failures[0];
  };
}

/** The rows still to deliver, with what a channel needs; the user must still be of the notification's company. */
function pendingDeliveries(db: Kysely<DB>, notificationIds: readonly string[]) {
  return db
    .selectFrom('notification_deliveries as d')
    .innerJoin('notifications as n', 'n.id', 'd.notification_id')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .innerJoin('companies as c', 'c.id', 'n.company_id')
    .select([
      'd.notification_id',
      'd.channel',
      'n.kind',
      'n.title',
      'n.body',
      'n.link',
      'n.created_at',
      'n.user_id',
      'n.company_id',
      'u.name as user_name',
      'u.email as user_email',
      'c.name as company_name',
    ])
    .select((eb) =>
      eb
        .case()
        .when(eb.and([eb('u.is_deleted', '=', 0), eb('u.is_disabled', '=', 0), eb('u.company_id', '=', eb.ref('n.company_id'))]))
        .then(eb.lit(true))
        .else(eb.lit(false))
        .end()
        .as('user_active'),
    )
    .where('d.notification_id', 'in', [...notificationIds])
    .where('d.status', 'in', ['pending', 'failed'])
    .orderBy('d.notification_id')
    .orderBy('d.channel')
    .execute();
}
