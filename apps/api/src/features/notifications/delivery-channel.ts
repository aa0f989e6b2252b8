import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';

/**
 * A way out of the app for a notification: e-mail (features/mail/email-channel.ts), Web Push
 * (features/push/push-channel.ts). The 'notification.deliver' job calls `deliver` for each of the
 * notification's `notification_deliveries` rows of this channel that is not yet recorded, then
 * records the answer. See docs/decisions/035.
 */
export interface DeliveryChannel {
  channel: 'email' | 'push';
  /**
   * 'sent' when the message left for (or was durably queued to) its channel; 'skipped' when there
   * is nothing to send to (no address, no subscription). Throwing makes the job retry later with
   * backoff; the rows already recorded are not delivered again.
   */
  deliver: (context: DeliveryContext, target: DeliveryTarget) => Promise<'sent' | 'skipped'>;
}

export interface DeliveryContext {
  /** Not a transaction: a channel that writes (the e-mail outbox) opens its own. */
  db: Kysely<DB>;
  clock: Clock;
  /** The address people reach the app at (PUBLIC_URL, no trailing slash): links are publicUrl + notification.link. */
  publicUrl: string;
}

export interface DeliveryTarget {
  notification: { id: string; kind: string; title: string; body: string; link: string; createdAt: string };
  /** The recipient, still active and of the notification's company (checked before the call). */
  user: { id: string; name: string; email: string | null };
  company: { id: string; name: string };
}
