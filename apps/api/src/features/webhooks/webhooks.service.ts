import { randomBytes } from 'node:crypto';
import type { CreateWebhookRequest, CreateWebhookResponse, WebhookDelivery, WebhookEventType, WebhookSubscription } from '@jornada/shared/schemas/webhooks';
import { webhookEventTypes } from '@jornada/shared/schemas/webhooks';
import { inScope, scopeOf, type Actor } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { notFound, unprocessable } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { resolveManagedCompany, resolveManagedCompanyToChange } from '../../lib/managed-company';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { addressProblem } from './webhook-address';
import { emitWebhook } from './emit-webhook';
import * as webhooks from './webhooks.repository';

export interface WebhookDeps extends ServiceDeps {
  allowPrivateAddresses: boolean;
}

export const WEBHOOK_NOT_FOUND = 'No se ha encontrado el webhook.';
/** A company's subscriptions: enough for its integrations, bounded so events stay cheap to fan out. */
const MAX_SUBSCRIPTIONS = 20;

function eventsOf(text: string): WebhookEventType[] {
  return text.split(',').filter((type): type is WebhookEventType => (webhookEventTypes as readonly string[]).includes(type));
}

function toSubscription(row: webhooks.SubscriptionRow, last: WebhookSubscription['lastDelivery']): WebhookSubscription {
  return { id: row.id, companyId: row.company_id, url: row.url, events: eventsOf(row.events), createdAt: row.created_at, createdByName: row.created_by_name, lastDelivery: last };
}

/** A subscription in the caller's scope, else 404 (another company's is not found, never forbidden). */
async function ownSubscription(deps: WebhookDeps, actor: Actor, id: string): Promise<webhooks.SubscriptionRow> {
  const row = await webhooks.findSubscription(deps.db, id);
  if (!row || !inScope(scopeOf(actor), row.company_id)) throw notFound(WEBHOOK_NOT_FOUND);
  return row;
}

export async function listWebhooks(deps: WebhookDeps, actor: Actor, companyId: string | undefined): Promise<{ items: WebhookSubscription[] }> {
  const company = await resolveManagedCompany(deps.db, actor, companyId);
  const rows = await webhooks.listSubscriptions(deps.db, company.id);
  return { items: rows.map((row) => toSubscription(row, row.last_status && row.last_at ? { status: row.last_status, at: row.last_at } : null)) };
}

export async function createWebhook(deps: WebhookDeps, actor: Actor, input: CreateWebhookRequest): Promise<CreateWebhookResponse> {
  const company = await resolveManagedCompanyToChange(deps.db, actor, input.companyId, 'Solo puedes crear webhooks de tu empresa.');
  const problem = addressProblem(input.url, deps.allowPrivateAddresses);
  if (problem) throw unprocessable(problem);
  const now = deps.clock();
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const row: webhooks.SubscriptionRow = {
    id: newId('whk'),
    company_id: company.id,
    url: input.url,
    events: [...new Set(input.events)].join(','),
    secret,
    created_at: now.toISOString(),
    created_by_name: actor.name,
  };
  await deps.db.transaction().execute(async (trx) => {
    const existing = await webhooks.listSubscriptions(trx, company.id);
    if (existing.length >= MAX_SUBSCRIPTIONS) throw unprocessable(`Una empresa puede tener como máximo ${MAX_SUBSCRIPTIONS} webhooks.`);
    await webhooks.insertSubscription(trx, row);
    await appendActorAction(trx, actor, now, { companyId: company.id, kind: 'webhook.create', message: `${actor.name} ha creado un webhook hacia ${new URL(input.url).host}` });
  });
  return { subscription: toSubscription(row, null), secret };
}

export async function deleteWebhook(deps: WebhookDeps, actor: Actor, id: string): Promise<{ ok: true }> {
  const row = await ownSubscription(deps, actor, id);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await webhooks.deleteSubscription(trx, row.id);
    await appendActorAction(trx, actor, now, { companyId: row.company_id, kind: 'webhook.delete', message: `${actor.name} ha eliminado el webhook hacia ${new URL(row.url).host}` });
  });
  return { ok: true };
}

export async function listWebhookDeliveries(deps: WebhookDeps, actor: Actor, id: string): Promise<{ items: WebhookDelivery[] }> {
  const row = await ownSubscription(deps, actor, id);
  const rows = await webhooks.listDeliveries(deps.db, row.id, 50);
  return {
    items: rows.map((delivery) => ({
      id: delivery.id,
      eventType: delivery.event_type,
      status: delivery.status,
      attempts: Number(delivery.attempts),
      lastStatusCode: delivery.last_status_code,
      lastError: delivery.last_error,
      lastResponse: delivery.last_response,
      createdAt: delivery.created_at,
      lastAttemptAt: delivery.last_attempt_at,
    })),
  };
}

/** 'Enviar prueba': a 'ping' to this subscription only, through the same signed, retried delivery. */
export async function pingWebhook(deps: WebhookDeps, actor: Actor, id: string): Promise<{ deliveryId: string }> {
  const row = await ownSubscription(deps, actor, id);
  const now = deps.clock();
  const [deliveryId] = await deps.db.transaction().execute((trx) =>
    emitWebhook(trx, { companyId: row.company_id, type: 'ping', data: { mensaje: 'Prueba de webhook de Jornada' }, at: now, onlySubscription: row.id }),
  );
  return { deliveryId: deliveryId! };
}
