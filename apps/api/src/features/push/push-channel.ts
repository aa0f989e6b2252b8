import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { VapidKeyPair } from '../../config';
import type { DeliveryChannel } from '../notifications/delivery-channel';
import { isAdmittedPushEndpoint } from '../../lib/push-service-hosts';
import { markUsed, removeSubscription, subscriptionsOf } from './push.repository';
import { vapidKeys } from './vapid-keys';

export interface PushChannelOptions {
  /** VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when given; else the pair kept in the database. */
  vapid: VapidKeyPair | undefined;
  /** The VAPID `sub` claim (vapidSubjectFor(config.publicUrl)). */
  subject: string;
  /** How long a push service may keep a message for an offline browser; a day-old notice is stale. */
  ttlSeconds?: number;
  /** A socket timeout per request, so a hanging push service cannot hold the job runner. */
  timeoutMs?: number;
  /** The TLS agent (tests: one that trusts the local push endpoint's certificate). */
  agent?: Agent;
  /** The push services the server posts to (config.pushServiceHosts); any other endpoint is dropped unsent. */
  pushServiceHosts: readonly string[];
}

/** What the service worker (apps/web/src/sw/push-handlers.ts) shows: the notification's texts and its in-app link. */
export interface PushPayload {
  id: string;
  title: string;
  body: string;
  url: string;
}

/** A push service's answers that mean the subscription is gone for good (RFC 8030 §7.3 and practice). */
const GONE = new Set([404, 410]);

/**
 * The Web Push channel (docs/decisions/037): one encrypted message (RFC 8291, aes128gcm) to every
 * browser the person subscribed in the notification's company, signed with the VAPID key (RFC 8292).
 * A subscription the push service reports gone (404, 410) is removed. Any other failure throws, so
 * the delivery job retries: browsers that did receive it get it again, and the service worker shows
 * it under the same tag (the notification's id), replacing the first instead of adding a second.
 */
export function createPushChannel(options: PushChannelOptions): DeliveryChannel {
  return {
    channel: 'push',
    async deliver(ctx, { notification, user, company }) {
      const now = ctx.clock();
      const subscriptions = await subscriptionsOf(ctx.db, user.id, company.id);
      if (subscriptions.length === 0) return 'skipped';
      const keys = await vapidKeys(ctx.db, options.vapid, now);
      const payload: PushPayload = { id: notification.id, title: notification.title, body: notification.body, url: notification.link };
      const body = JSON.stringify(payload);
      const sent: string[] = [];
      const failures: string[] = [];
      for (const subscription of subscriptions) {
        // Stored before PUSH_SERVICE_HOSTS narrowed, or written to the database by hand: never posted to.
        if (!isAdmittedPushEndpoint(subscription.endpoint, options.pushServiceHosts)) {
          await removeSubscription(ctx.db, subscription.id);
          continue;
        }
        try {
          await webpush.sendNotification({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, body, {
            vapidDetails: { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
            contentEncoding: 'aes128gcm',
            TTL: options.ttlSeconds ?? 24 * 60 * 60,
            timeout: options.timeoutMs ?? 15_000,
            ...(options.agent ? { agent: options.agent } : {}),
          });
          sent.push(subscription.id);
        } catch (error) {
          if (error instanceof WebPushError && GONE.has(error.statusCode)) {
            await removeSubscription(ctx.db, subscription.id);
            continue;
          }
          failures.push(describeFailure(subscription.endpoint, error));
        }
      }
      await markUsed(ctx.db, sent, now.toISOString());
      // The error is kept on the job for the Administrador: the push service's origin, never the endpoint (a capability URL).
      if (failures.length > 0) throw new Error(`web push failed: ${failures.join('; ')}`);
      return sent.length > 0 ? 'sent' : 'skipped';
    },
  };
}

function describeFailure(endpoint: string, error: unknown): string {
  const origin = URL.canParse(endpoint) ? new URL(endpoint).origin : 'endpoint';
  if (error instanceof WebPushError) return `${origin} answered ${error.statusCode}`;
  return `${origin}: ${error instanceof Error ? error.message : String(error)}`;
}
