import { z } from 'zod';

/** Web Push (docs/decisions/037): the server's VAPID public key, the browser's applicationServerKey. */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

const INVALID_SUBSCRIPTION = 'La suscripción del navegador no es válida.';

/** base64url (padding tolerated) of exactly `bytes` bytes, as PushSubscription.toJSON() gives the keys. */
const base64urlOf = (bytes: number) =>
  z
    .string({ error: INVALID_SUBSCRIPTION })
    .max(200, { error: INVALID_SUBSCRIPTION })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: INVALID_SUBSCRIPTION })
    .refine((value) => decodedLength(value.replace(/=+$/, '')) === bytes, { error: INVALID_SUBSCRIPTION });

/** Bytes of unpadded base64url text (no decoding needed: the length tells). */
function decodedLength(text: string): number {
  return Math.floor((text.length * 3) / 4);
}

/** An https address with a host (no user info, no spaces): what every push service's endpoint is. */
const HTTPS_ADDRESS = /^https:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/;

/**
 * What PushSubscription.toJSON() gives, as the browser posts it. Push services answer on https only
 * (RFC 8030), and the endpoint is bounded so a huge address cannot reach the database.
 */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z
    .string({ error: INVALID_SUBSCRIPTION })
    .max(2048, { error: INVALID_SUBSCRIPTION })
    .regex(HTTPS_ADDRESS, { error: 'La dirección del servicio de avisos debe empezar por https://.' }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // The browser's P-256 public key (an uncompressed point) and its 16-byte auth secret (RFC 8291).
      p256dh: base64urlOf(65),
      auth: base64urlOf(16),
    },
    { error: INVALID_SUBSCRIPTION },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** One of my devices: its endpoint only goes back to its owner (the page marks "este dispositivo" with it). */
export const pushDeviceSchema = z.object({
  id: z.string(),
  endpoint: z.string(),
  deviceLabel: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushDeviceListSchema = z.object({ items: z.array(pushDeviceSchema) });
export type PushDeviceList = z.infer<typeof pushDeviceListSchema>;
