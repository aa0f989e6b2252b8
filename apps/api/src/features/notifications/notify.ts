import type { Kysely } from 'kysely';
import type { NotificationKind } from '@jornada/shared/schemas/notifications';
import type { DB } from '../../db/schema';
import { newId } from '../../lib/ids';
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
 * The e-mail and Web Push channels hook in here: for each new notification and each channel the
 * person wants (preferences per kind and channel), insert a `notification_deliveries` row 'pending'
 * and enqueue a 'notification.deliver' job (jobs/job-queue.ts) in this same transaction. The job's
 * handler sends and marks its delivery row 'sent'; a retried job skips rows already 'sent', so a
 * message reaches a channel once. Only the in-app channel exists today: the rows are its inbox.
 */
export async function notify(db: Kysely<DB>, input: NotifyInput): Promise<number> {
  const wanted = input.recipients.filter((userId) => userId !== input.actorId);
  const recipients = await activeMembersOf(db, input.companyId, wanted);
  const createdAt = input.at.toISOString();
  await insertNotifications(
    db,
    recipients.map((userId) => ({
      id: newId('ntf'),
      company_id: input.companyId,
      user_id: userId,
      kind: input.message.kind,
      title: input.message.title,
      body: input.message.body,
      link: input.message.link,
      created_at: createdAt,
      read_at: null,
    })),
  );
  return recipients.length;
}
