import { describe, expect, it } from 'vitest';
import {
  durationMinutes,
  formatDuration,
  formatHourlyPrice,
  formatKilobytes,
  formatLocation,
  formatLongDate,
  instantFromLocalDateTime,
  localDateTimeOf,
  monthKeyOf,
  monthRange,
} from './format';

describe('durations', () => {
  it('counts whole minutes between two instants', () => {
    expect(durationMinutes('2026-11-21T08:00:00Z', '2026-11-21T10:29:59Z')).toBe(149);
  });
  it('never goes negative or NaN', () => {
    expect(durationMinutes('2026-11-21T10:00:00Z', '2026-11-21T08:00:00Z')).toBe(0);
    expect(durationMinutes('nonsense', '2026-11-21T08:00:00Z')).toBe(0);
  });
  it("formats 'Xh Ym'", () => {
    expect(formatDuration(0)).toBe('0h 0m');
    expect(formatDuration(59)).toBe('0h 59m');
    expect(formatDuration(61)).toBe('1h 1m');
    expect(formatDuration(24 * 60 + 5)).toBe('24h 5m');
  });
  it("shows '0h 0m' for invalid or negative values", () => {
    expect(formatDuration(-5)).toBe('0h 0m');
    expect(formatDuration(Number.NaN)).toBe('0h 0m');
    expect(formatDuration(undefined)).toBe('0h 0m');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('0h 0m');
  });
});

describe('prices', () => {
  it('shows euros per hour with a decimal comma', () => {
    expect(formatHourlyPrice(22.5)).toBe('22,50 €/hora');
    expect(formatHourlyPrice(18)).toBe('18,00 €/hora');
  });
  it("shows 'Por Convenio' with no price", () => {
    expect(formatHourlyPrice(null)).toBe('Por Convenio');
  });
});

describe('dates in the company time zone', () => {
  it('writes a long Spanish date', () => {
    expect(formatLongDate('2026-11-21T21:36:00Z')).toBe('sábado, 21 de noviembre de 2026');
    // 23:30 UTC on the 21st is already the 22nd in Madrid.
    expect(formatLongDate('2026-11-21T23:30:00Z')).toBe('domingo, 22 de noviembre de 2026');
  });
  it('finds the month key in Madrid, not UTC', () => {
    expect(monthKeyOf('2026-10-31T23:30:00Z')).toBe('2026-11');
    expect(monthKeyOf('2026-10-31T22:30:00Z')).toBe('2026-10');
  });
  it('gives month bounds across DST changes', () => {
    expect(monthRange('2026-03')).toEqual({ start: new Date('2026-02-28T23:00:00Z'), end: new Date('2026-03-31T22:00:00Z') });
    expect(monthRange('2026-10')).toEqual({ start: new Date('2026-09-30T22:00:00Z'), end: new Date('2026-10-31T23:00:00Z') });
    expect(monthRange('2026-12').end).toEqual(new Date('2026-12-31T23:00:00Z'));
  });
  it('rejects malformed month keys', () => {
    expect(() => monthRange('2026-13')).toThrow(RangeError);
  });
});

describe('other displays', () => {
  it('shows locations to 4 decimals', () => {
    expect(formatLocation({ lat: 40.416775, lng: -3.70379 })).toBe('40.4168, -3.7038');
    expect(formatLocation(null)).toBe('Ubicación no disponible');
  });
  it('shows sizes in KB with 2 decimals', () => {
    expect(formatKilobytes(12_645)).toBe('12,35 KB');
  });
});

describe('datetime-local values in the company time zone', () => {
  it('reads a wall-clock time in Madrid as an instant with its offset', () => {
    expect(instantFromLocalDateTime('2026-11-21T09:00')).toBe('2026-11-21T09:00:00+01:00');
    expect(instantFromLocalDateTime('2026-07-01T22:30:15')).toBe('2026-07-01T22:30:15+02:00');
    expect(new Date(instantFromLocalDateTime('2026-03-29T03:00')!).toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });
  it('refuses what is not a datetime-local value', () => {
    expect(instantFromLocalDateTime('')).toBeNull();
    expect(instantFromLocalDateTime('2026-11-21')).toBeNull();
    expect(instantFromLocalDateTime('2026-02-30T10:00')).toBeNull();
  });
  it('writes an instant back as a datetime-local value in Madrid', () => {
    expect(localDateTimeOf('2026-11-21T08:00:00Z')).toBe('2026-11-21T09:00');
    expect(localDateTimeOf('2026-10-31T23:30:00Z')).toBe('2026-11-01T00:30');
    expect(localDateTimeOf('nonsense')).toBe('');
  });
  it('round-trips', () => {
    expect(localDateTimeOf(instantFromLocalDateTime('2026-10-25T02:30')!)).toBe('2026-10-25T02:30');
  });
});
