import type { Kysely } from 'kysely';
import type { WebhookEventType } from '@jornada/shared/schemas/webhooks';
import type { DB } from '../../db/schema';
import { newId } from '../../lib/ids';
import { enqueueJob } from '../../jobs/job-queue';
import * as webhooks from './webhooks.repository';

export const WEBHOOK_DELIVER_JOB = 'webhook.deliver';
/** 30 s, 1, 2, 4… minutes apart (the runner's backoff): about two hours of tries before 'fallido'. */
export const WEBHOOK_MAX_ATTEMPTS = 8;

/**
 * What happened, for the company's webhook subscriptions to `type` (decision 050), in the caller's
 * transaction: a delivery row and its job exist exactly when the change committed. The body is
 * fixed now (the same bytes on every try); it carries the company's own ids and names only.
 */
export async function emitWebhook(db: Kysely<DB>, event: { companyId: string; type: WebhookEventType | 'ping'; data: Record<string, unknown>; at: Date; onlySubscription?: string }): Promise<string[]> {
  const subscribers = event.onlySubscription ? [{ id: event.onlySubscription }] : await webhooks.subscribersOf(db, event.companyId, event.type);
  if (subscribers.length === 0) return [];
  const body = JSON.stringify({ id: newId('whe'), type: event.type, createdAt: event.at.toISOString(), companyId: event.companyId, data: event.data });
  const ids: string[] = [];
  for (const subscriber of subscribers) {
    const id = newId('whd');
    await webhooks.insertDelivery(db, {
      id,
      subscription_id: subscriber.id,
      company_id: event.companyId,
      event_type: event.type,
      body,
      status: 'pendiente',
      last_status_code: null,
      last_error: null,
      last_response: null,
      created_at: event.at.toISOString(),
      last_attempt_at: null,
    });
    await enqueueJob(db, event.at, { kind: WEBHOOK_DELIVER_JOB, payload: { deliveryId: id }, maxAttempts: WEBHOOK_MAX_ATTEMPTS });
    ids.push(id);
  }
  return ids;
}
