import { describe, expect, it } from 'vitest';
import { judgeVenueCode, newVenueSecret, venueCodeAt, venueCodeForWindow, venueWindowEnd, venueWindowOf, VENUE_CODE_EXPIRED_WINDOWS } from './venue-code';

const secret = Buffer.alloc(32, 7).toString('base64');
const eventId = 'evt_concierto';
// A window boundary: 2026-11-21T10:00:00Z is a multiple of 30 s.
const boundary = Date.parse('2026-11-21T10:00:00.000Z');

describe('venue code', () => {
  it('is 6 digits, stable for a secret, an event and a window, and differs between events and secrets', () => {
    const code = venueCodeAt(secret, eventId, boundary);
    expect(code).toMatch(/^\d{6}$/);
    expect(venueCodeAt(secret, eventId, boundary + 29_999)).toBe(code);
    expect(venueCodeForWindow(secret, eventId, venueWindowOf(boundary))).toBe(code);
    // Pinned: the screen, the check and the browser tests must keep computing the same digits.
    expect(venueWindowOf(boundary)).toBe(59_841_840);
    expect(code).toBe('797961');
    expect(venueCodeAt(secret, 'evt_otro', boundary)).not.toBe(code);
    expect(venueCodeAt(newVenueSecret(), eventId, boundary)).not.toBe(code);
  });

  it('changes at 30 s and 60 s, not at 29.999 s', () => {
    expect(venueWindowOf(boundary + 29_999)).toBe(venueWindowOf(boundary));
    expect(venueWindowOf(boundary + 30_000)).toBe(venueWindowOf(boundary) + 1);
    expect(venueWindowOf(boundary + 60_000)).toBe(venueWindowOf(boundary) + 2);
    expect(venueWindowEnd(venueWindowOf(boundary)).toISOString()).toBe('2026-11-21T10:00:30.000Z');
    const codes = [0, 30_000, 60_000].map((offset) => venueCodeAt(secret, eventId, boundary + offset));
    expect(new Set(codes).size).toBe(3);
  });

  it('accepts the current and the previous window, calls two to twenty-one back expired, and refuses the rest', () => {
    const shown = venueCodeAt(secret, eventId, boundary);
    expect(judgeVenueCode(secret, eventId, shown, boundary)).toBe('valid');
    expect(judgeVenueCode(secret, eventId, shown, boundary + 29_999)).toBe('valid');
    expect(judgeVenueCode(secret, eventId, shown, boundary + 30_000)).toBe('valid');
    expect(judgeVenueCode(secret, eventId, shown, boundary + 59_999)).toBe('valid');
    expect(judgeVenueCode(secret, eventId, shown, boundary + 60_000)).toBe('expired');
    expect(judgeVenueCode(secret, eventId, shown, boundary + (VENUE_CODE_EXPIRED_WINDOWS + 1) * 30_000)).toBe('expired');
    expect(judgeVenueCode(secret, eventId, shown, boundary + (VENUE_CODE_EXPIRED_WINDOWS + 2) * 30_000)).toBe('wrong');
    // A code of the next window (a fast clock) is not accepted: the server's clock is the truth.
    expect(judgeVenueCode(secret, eventId, venueCodeAt(secret, eventId, boundary + 30_000), boundary)).toBe('wrong');
    expect(judgeVenueCode(secret, 'evt_otro', shown, boundary)).not.toBe('valid');
  });

  it('refuses other digits', () => {
    const shown = venueCodeAt(secret, eventId, boundary);
    const other = String((Number(shown) + 1) % 1_000_000).padStart(6, '0');
    expect(judgeVenueCode(secret, eventId, other, boundary)).toBe('wrong');
    expect(judgeVenueCode(secret, eventId, '12345', boundary)).toBe('wrong');
  });
});
