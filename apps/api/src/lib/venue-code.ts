import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The rotating venue code of an event (issue 24, decision 040): TOTP-like (RFC 6238 over RFC 4226's
 * dynamic truncation), an HMAC-SHA256 of the event id and the 30-second window number, keyed by the
 * event's own secret. Pure: a function of the secret, the event id and the time, so the supervisor's
 * screen, the clock-in check and the tests compute the same digits.
 */
export const VENUE_CODE_WINDOW_SECONDS = 30;
const WINDOW_MS = VENUE_CODE_WINDOW_SECONDS * 1000;
/** How far back a code is still recognised as 'expired' rather than simply wrong (about 10 minutes). */
export const VENUE_CODE_EXPIRED_WINDOWS = 20;

/** A new event secret: 32 random bytes, base64. */
export function newVenueSecret(): string {
  return randomBytes(32).toString('base64');
}

/** The window number of an instant: floor(unix seconds / 30). */
export function venueWindowOf(at: Date | number): number {
  return Math.floor((typeof at === 'number' ? at : at.getTime()) / WINDOW_MS);
}

/** When a window ends (the next one begins). */
export function venueWindowEnd(window: number): Date {
  return new Date((window + 1) * WINDOW_MS);
}

/** The 6 digits of one window. */
export function venueCodeForWindow(secret: string, eventId: string, window: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(window));
  // The event id is part of the message, so one leaked secret row cannot stand for another event.
  const mac = createHmac('sha256', Buffer.from(secret, 'base64')).update(`${eventId}\n`).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** The code shown at `at`. */
export function venueCodeAt(secret: string, eventId: string, at: Date | number): string {
  return venueCodeForWindow(secret, eventId, venueWindowOf(at));
}

function sameCode(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export type VenueCodeVerdict = 'valid' | 'expired' | 'wrong';

/**
 * Judges a code given for a punch made at `at`: the window of `at` and the one before are valid
 * (the code may change between reading and sending); a code of the 20 windows before that is
 * 'expired' (an old photo, a slow typist); anything else is 'wrong'.
 */
export function judgeVenueCode(secret: string, eventId: string, code: string, at: Date | number): VenueCodeVerdict {
  const window = venueWindowOf(at);
  let verdict: VenueCodeVerdict = 'wrong';
  // Every candidate is compared, so the answer's timing does not tell which window matched.
  for (let back = 0; back <= VENUE_CODE_EXPIRED_WINDOWS + 1; back += 1) {
    if (sameCode(venueCodeForWindow(secret, eventId, window - back), code) && verdict !== 'valid') verdict = back <= 1 ? 'valid' : 'expired';
  }
  return verdict;
}
