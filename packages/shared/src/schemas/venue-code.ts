import { z } from 'zod';

/** The venue codes' refusals (decision 040); the dialog on the phone shows them and lets the worker retry. */
export const VENUE_CODE_ERROR_CODES = ['VENUE_CODE_REQUIRED', 'VENUE_CODE_EXPIRED', 'VENUE_CODE_INVALID'] as const;

/** GET /api/events/:id/venue-code: what the supervisor's phone shows now, and until when. */
export const venueCodeResponseSchema = z.object({
  /** The 6 digits of the current window. */
  code: z.string(),
  /** What the QR holds: the event and the code (see venueQrPayload). */
  qrPayload: z.string(),
  windowSeconds: z.number().int(),
  /** When this code stops being shown (ISO): the client fetches the next one then. */
  validUntil: z.string(),
  /** The server's clock when it answered (ISO), to count down without trusting the phone's clock. */
  serverTime: z.string(),
});
export type VenueCodeResponse = z.infer<typeof venueCodeResponseSchema>;

const QR_PREFIX = 'jornada-lugar';

/** The QR's text: 'jornada-lugar:<event id>:<6 digits>'. */
export function venueQrPayload(eventId: string, code: string): string {
  return `${QR_PREFIX}:${eventId}:${code}`;
}

/** Reads a scanned QR: the event and the digits, or null for a QR that is not a venue code. */
export function parseVenueQrPayload(text: string): { eventId: string; code: string } | null {
  const match = new RegExp(`^${QR_PREFIX}:([^:\\s]+):(\\d{6})$`).exec(text.trim());
  return match ? { eventId: match[1]!, code: match[2]! } : null;
}
