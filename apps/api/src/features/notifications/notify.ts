import type { Kysely } from 'kysely';
import type { NotificationKind } from '@jornada/shared/schemas/notifications';
import type { DB } from '../../db/schema';
import { enqueueJob } from '../../jobs/job-queue';
import { newId } from '../../lib/ids';
import { DELIVER_MAX_ATTEMPTS, NOTIFICATION_DELIVER_JOB, type DeliverPayload } from './notification-deliver';
import { wantedChannels } from './notification-preferences';
import { activeMembersOf, insertNotifications } from './notifications.repository';

export interface NotificationMessage {
  kind: NotificationKind;
  title: string;
  body: string;
  /** An in-app path the item opens. */
  link: string;
}

export interface NotifyInput {
  companyId: string;
  recipients: readonly string[];
  message: NotificationMessage;
  at: Date;
  /** Who caused it: never told of their own action. */
  actorId?: string;
}

/**
 * The transactional outbox (docs/decisions/033): call with the `trx` of the change that causes the
 * notification, so both commit or neither does. Recipients outside `companyId`, deleted or disabled
 * are dropped here, whatever the caller passed.
 *
 * The other channels (docs/decisions/035): for each new notification and each channel the person
 * wants (their choice per kind and channel, else the shared default; e-mail only with an address),
 * a `notification_deliveries` row 'pending' is written here, and one 'notification.deliver' job for
 * the whole call, all in this same transaction. The job hands each row to its channel and records
 * it 'sent' (or 'skipped'); a retried job skips recorded rows, so a message reaches a channel once.
 */
export async function notify(db: Kysely<DB>, input: NotifyInput): Promise<number> {
  const wanted = input.recipients.filter((userId) => userId !== input.actorId);
  const recipients = await activeMembersOf(db, input.companyId, wanted);
  const createdAt = input.at.toISOString();
  const rows = recipients.map((userId) => ({
    id: newId('ntf'),
    company_id: input.companyId,
    user_id: userId,
    kind: input.message.kind,
    title: input.message.title,
    body: input.message.body,
    link: input.message.link,
    created_at: createdAt,
    read_at: null,
  }));
  await insertNotifications(db, rows);

  const channels = await wantedChannels(db, recipients, input.message.kind);
  const deliveries = rows.flatMap((row) => (channels.get(row.user_id) ?? []).map((channel) => ({ notification_id: row.id, channel, status: 'pending' as const, attempts: 0, sent_at: null, last_error: null })));
  if (deliveries.length > 0) {
    for (let index = 0; index < deliveries.length; index += 200) await db.insertInto('notification_deliveries').values(deliveries.slice(index, index + 200)).execute();
    const payload: DeliverPayload = { notificationIds: [...new Set(deliveries.map((delivery) => delivery.notification_id))] };
    await enqueueJob(db, input.at, { kind: NOTIFICATION_DELIVER_JOB, payload, maxAttempts: DELIVER_MAX_ATTEMPTS });
  }
  return recipients.length;
}
