import { z } from 'zod';
import { idSchema } from './common';

/**
 * Webhooks (issue 28 item 5, docs/decisions/050): a company's subscriptions to what happens in it,
 * each delivery signed with HMAC-SHA256 over `${timestamp}.${body}`.
 */
export const webhookEventTypes = ['fichaje.entrada', 'fichaje.salida', 'asignacion.creada', 'asignacion.retirada', 'vacaciones.decision'] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const webhookEventLabels: Record<WebhookEventType, string> = {
  'fichaje.entrada': 'Fichaje de entrada',
  'fichaje.salida': 'Fichaje de salida',
  'asignacion.creada': 'Asignación a un evento',
  'asignacion.retirada': 'Asignación retirada',
  'vacaciones.decision': 'Vacaciones aprobadas o rechazadas',
};

export const webhookDeliveryStates = ['pendiente', 'entregado', 'fallido'] as const;

export const webhookSubscriptionSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  url: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  createdAt: z.string(),
  createdByName: z.string(),
  lastDelivery: z.object({ status: z.enum(webhookDeliveryStates), at: z.string() }).nullable(),
});
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;

export const webhooksQuerySchema = z.object({ companyId: idSchema.optional() });
export const webhooksResponseSchema = z.object({ items: z.array(webhookSubscriptionSchema) });

const URL_MESSAGE = 'Indica una dirección https:// válida.';
/** http(s), a host (no user info, no spaces): the server checks the rest (decision 050). */
const WEB_ADDRESS = /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i;
export const createWebhookRequestSchema = z.object({
  url: z
    .string({ error: URL_MESSAGE })
    .trim()
    .min(1, { error: URL_MESSAGE })
    .max(2000, { error: 'La dirección es demasiado larga.' })
    .regex(WEB_ADDRESS, { error: URL_MESSAGE }),
  events: z
    .array(z.enum(webhookEventTypes, { error: 'Ese tipo de aviso no existe.' }), { error: 'Elige al menos un tipo de aviso.' })
    .min(1, { error: 'Elige al menos un tipo de aviso.' })
    .max(webhookEventTypes.length),
  companyId: idSchema.optional(),
});
export type CreateWebhookRequest = z.infer<typeof createWebhookRequestSchema>;

export const createWebhookResponseSchema = z.object({
  subscription: webhookSubscriptionSchema,
  /** The signing key, in this answer only. */
  secret: z.string(),
});
export type CreateWebhookResponse = z.infer<typeof createWebhookResponseSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventType: z.string(),
  status: z.enum(webhookDeliveryStates),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  lastResponse: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesResponseSchema = z.object({ items: z.array(webhookDeliverySchema) });
