import { describe, expect, it } from 'vitest';
import { newId, uuidV7 } from './ids';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The 48-bit millisecond timestamp at the front of a version-7 UUID. */
const timeOf = (uuid: string) => parseInt(uuid.replace(/-/g, '').slice(0, 12), 16);

describe('ids', () => {
  it('are the prefix and a version-7 UUID with the RFC 9562 variant', () => {
    const id = newId('tr');
    expect(id.startsWith('tr-')).toBe(true);
    expect(id.slice(3)).toMatch(UUID_V7);
  });

  it('carry their creation time in milliseconds', () => {
    const before = Date.now();
    const uuid = uuidV7();
    const after = Date.now();
    expect(timeOf(uuid)).toBeGreaterThanOrEqual(before);
    expect(timeOf(uuid)).toBeLessThanOrEqual(after);
    expect(timeOf(uuidV7(Date.UTC(2030, 0, 1)))).toBe(Date.UTC(2030, 0, 1));
  });

  it('sort in creation order, also many within one millisecond', () => {
    const now = Date.UTC(2031, 5, 1);
    // More than the 12-bit counter holds: the timestamp moves on instead of wrapping.
    const ids = Array.from({ length: 6000 }, () => uuidV7(now));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((uuid) => uuid.match(UUID_V7))).toBe(true);
    // A clock that steps back never makes an id that sorts before the last one.
    const after = uuidV7(now - 5000);
    expect(after > ids.at(-1)!).toBe(true);
  });

  it('keep 62 random bits after the counter', () => {
    const now = Date.UTC(2032, 0, 1);
    const tails = new Set(Array.from({ length: 1000 }, () => uuidV7(now).slice(19)));
    expect(tails.size).toBe(1000);
  });
});
