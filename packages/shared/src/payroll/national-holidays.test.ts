import { describe, expect, it } from 'vitest';
import { NATIONAL_HOLIDAY_YEARS, nationalHolidays } from './national-holidays';

/** Easter Sunday (Gregorian, the anonymous algorithm), as 'yyyy-MM-dd'. */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

describe('national holidays', () => {
  it('has 2026 and 2027', () => {
    expect(NATIONAL_HOLIDAY_YEARS).toEqual([2026, 2027]);
    expect(nationalHolidays(2028)).toEqual([]);
  });

  it('2026: the nine holidays common to every community (BOE of 28 October 2025)', () => {
    expect(nationalHolidays(2026).map((holiday) => holiday.date)).toEqual([
      '2026-01-01',
      '2026-01-06',
      '2026-04-03',
      '2026-05-01',
      '2026-08-15',
      '2026-10-12',
      '2026-11-01',
      '2026-12-08',
      '2026-12-25',
    ]);
  });

  for (const year of NATIONAL_HOLIDAY_YEARS) {
    it(`${year}: valid dates of the year, in order, Viernes Santo two days before Easter, Sundays marked`, () => {
      const holidays = nationalHolidays(year);
      const dates = holidays.map((holiday) => holiday.date);
      for (const date of dates) expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
      expect(dates.every((date) => date.startsWith(`${year}-`))).toBe(true);
      expect([...dates].sort()).toEqual(dates);
      expect(new Set(dates).size).toBe(dates.length);
      const goodFriday = new Date(Date.parse(`${easterSunday(year)}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10);
      expect(holidays.find((holiday) => holiday.name === 'Viernes Santo')?.date).toBe(goodFriday);
      for (const holiday of holidays) expect(holiday.sunday === true).toBe(weekday(holiday.date) === 0);
    });
  }

  it('Viernes Santo 2027 is 26 March', () => {
    expect(nationalHolidays(2027).find((holiday) => holiday.name === 'Viernes Santo')?.date).toBe('2027-03-26');
  });
});
