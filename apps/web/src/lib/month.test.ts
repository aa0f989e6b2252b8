import { describe, expect, it } from 'vitest';
import { addToMonth, dateToMonth, FIRST_MONTH, lastMonth, monthLabel, monthToDate, parseMonth } from './month';

describe('month keys', () => {
  it('moves across year ends', () => {
    expect(addToMonth('2026-12', 1)).toBe('2027-01');
    expect(addToMonth('2026-01', -1)).toBe('2025-12');
  });

  it('round-trips through the calendar date', () => {
    expect(dateToMonth(monthToDate('2024-02'))).toBe('2024-02');
  });

  it('accepts months from 2020 to December of next year only', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    expect(lastMonth(now)).toBe('2027-12');
    expect(parseMonth(FIRST_MONTH)).toBe('2020-01');
    expect(parseMonth('2019-12')).toBeNull();
    expect(parseMonth(`${Number(lastMonth().slice(0, 4)) + 1}-01`)).toBeNull();
    expect(parseMonth('2026-13')).toBeNull();
    expect(parseMonth(null)).toBeNull();
  });

  it('reads as a Spanish month', () => {
    expect(monthLabel('2026-05')).toBe('Mayo de 2026');
  });
});
