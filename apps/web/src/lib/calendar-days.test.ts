import { afterEach, describe, expect, it } from 'vitest';
import { calendarDay, calendarDayKey, companyToday, longDayName } from './calendar-days';

const originalZone = process.env.TZ;
afterEach(() => {
  // Assigning undefined would store the string 'undefined'.
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

// Days around each zone's daylight-saving changes of 2026 (Santiago's 6 September has no midnight), New Year and a leap day.
const keys = ['2026-09-06', '2026-03-08', '2026-03-29', '2026-04-05', '2026-09-27', '2026-10-25', '2026-11-01', '2026-12-31', '2027-01-01', '2028-02-29'];

describe('calendar days', () => {
  // Node reads TZ again when it changes: each zone is the phone's own.
  for (const zone of ['Europe/Madrid', 'Pacific/Auckland', 'America/Los_Angeles', 'America/Santiago']) {
    it(`keeps the day a key names on a phone set to ${zone}`, () => {
      process.env.TZ = zone;
      for (const key of keys) {
        const day = calendarDay(key);
        expect(calendarDayKey(day)).toBe(key);
        expect(day.getHours()).toBeLessThan(2);
      }
      expect(longDayName(calendarDay('2026-11-21'))).toBe('sábado, 21 de noviembre de 2026');
    });

    it(`takes today from Madrid, not from a phone set to ${zone}`, () => {
      process.env.TZ = zone;
      // 23:30 UTC on 21 November is 00:30 on the 22nd in Madrid, 12:30 on the 22nd in Auckland and
      // 15:30 on the 21st in Los Angeles.
      expect(calendarDayKey(companyToday(new Date('2026-11-21T23:30:00Z')))).toBe('2026-11-22');
      // 22:30 UTC on 21 November is still the 21st in Madrid (23:30).
      expect(calendarDayKey(companyToday(new Date('2026-11-21T22:30:00Z')))).toBe('2026-11-21');
    });
  }
});
