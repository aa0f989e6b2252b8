import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { JobHandler } from '../../jobs/job-queue';
import { addressProblem, publicOnlyLookup } from './webhook-address';
import { WEBHOOK_MAX_ATTEMPTS } from './emit-webhook';
import * as webhooks from './webhooks.repository';

const TIMEOUT_MS = 10_000;
/** What the delivery log keeps of an answer: enough to see why a receiver refused. */
const RESPONSE_EXCERPT = 500;

/** `v1=` + hex HMAC-SHA256 of `${timestamp}.${body}` with the subscription's secret (decision 050). */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

interface Answer {
  statusCode: number;
  text: string;
}

function post(url: string, headers: Record<string, string>, body: string, allowPrivate: boolean): Promise<Answer> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(
      target,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, timeout: TIMEOUT_MS, ...(allowPrivate ? {} : { lookup: publicOnlyLookup }) },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => {
          if (text.length < RESPONSE_EXCERPT) text += chunk;
        });
        incoming.on('end', () => resolve({ statusCode: incoming.statusCode ?? 0, text: text.slice(0, RESPONSE_EXCERPT) }));
        incoming.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('El receptor no ha respondido en 10 segundos.')));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * The 'webhook.deliver' job: one try of one delivery. A 2xx answer delivers it; anything else is
 * recorded in the delivery log and thrown, so the job runner tries again later with its backoff, and
 * the last try marks the delivery 'fallido'. The address is checked again at each try.
 */
export function webhookDeliverHandler(options: { allowPrivateAddresses: boolean }): JobHandler {
  return async (payload, { db, clock, attempt }) => {
    const { deliveryId } = payload as { deliveryId: string };
    const delivery = await webhooks.findDeliveryToSend(db, deliveryId);
    // The subscription was deleted (its deliveries with it), or an earlier try already delivered.
    if (!delivery || delivery.status === 'entregado') return;
    const at = clock();
    const timestamp = Math.floor(at.getTime() / 1000);
    const last = attempt >= WEBHOOK_MAX_ATTEMPTS;
    const fail = async (statusCode: number | null, error: string, response: string | null) => {
      await webhooks.recordAttempt(db, deliveryId, { status: last ? 'fallido' : 'pendiente', attempts: attempt, statusCode, error, response, at: at.toISOString() });
      throw new Error(error);
    };
    const problem = addressProblem(delivery.url, options.allowPrivateAddresses);
    if (problem) return fail(null, problem, null);
    let answer: Answer;
    try {
      answer = await post(
        delivery.url,
        {
          'content-type': 'application/json',
          'user-agent': 'Jornada-Webhooks/1',
          'jornada-event': delivery.event_type,
          'jornada-delivery': delivery.id,
          'jornada-timestamp': String(timestamp),
          'jornada-signature': webhookSignature(delivery.secret, timestamp, delivery.body),
        },
        delivery.body,
        options.allowPrivateAddresses,
      );
    } catch (error) {
      return fail(null, error instanceof Error ? error.message : 'No se pudo conectar con el receptor.', null);
    }
    if (answer.statusCode < 200 || answer.statusCode >= 300) return fail(answer.statusCode, `El receptor ha respondido ${answer.statusCode}.`, answer.text);
    await webhooks.recordAttempt(db, deliveryId, { status: 'entregado', attempts: attempt, statusCode: answer.statusCode, error: null, response: answer.text, at: at.toISOString() });
  };
}
