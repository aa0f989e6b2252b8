import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodOvertime, type DayMinutes } from './overtime';

const h = (hours: number) => hours * 60;
const ESTATUTO_DAILY = { dailyLimitMinutes: h(9), weeklyLimitMinutes: null };

describe('periodOvertime: hand-computed weeks', () => {
  it('daily overtime only: minutes beyond the daily limit, day by day', () => {
    const days: DayMinutes[] = [
      { day: '2026-11-16', minutes: h(10) },
      { day: '2026-11-17', minutes: h(8) },
      { day: '2026-11-18', minutes: h(12) + 30 },
    ];
    const result = periodOvertime(days, ESTATUTO_DAILY);
    expect(result.days.map((day) => day.dailyOvertimeMinutes)).toEqual([60, 0, h(3) + 30]);
    expect(result).toMatchObject({ workedMinutes: h(30) + 30, dailyOvertimeMinutes: h(4) + 30, weeklyOvertimeMinutes: 0, overtimeMinutes: h(4) + 30 });
  });

  it('weekly overtime counts only what the daily overtime did not', () => {
    // Monday 16 to Saturday 21 November 2026: 10 h a day with a 9 h day and a 40 h week.
    // Daily: 6 × 1 h. Ordinary minutes 6 × 9 = 54 h, 14 h beyond 40: weekly 14 h. Total 20 h
    // = 60 worked − 40, never counted twice.
    const days = ['16', '17', '18', '19', '20', '21'].map((date) => ({ day: `2026-11-${date}`, minutes: h(10) }));
    const result = periodOvertime(days, { dailyLimitMinutes: h(9), weeklyLimitMinutes: h(40) });
    expect(result).toMatchObject({ dailyOvertimeMinutes: h(6), weeklyOvertimeMinutes: h(14), overtimeMinutes: h(20) });
    // The week crosses 40 ordinary hours during Friday (36 h by Thursday, +9 = 45): 5 h on Friday, 9 on Saturday.
    expect(result.days.map((day) => day.weeklyOvertimeMinutes)).toEqual([0, 0, 0, 0, h(5), h(9)]);
  });

  it('weeks run Monday to Sunday: a Sunday closes its week, the Monday opens the next', () => {
    const days = [
      { day: '2026-11-22', minutes: h(8) }, // Sunday: the week of the 16th
      { day: '2026-11-23', minutes: h(8) }, // Monday: a new week
    ];
    const before = ['16', '17', '18', '19'].map((date) => ({ day: `2026-11-${date}`, minutes: h(8) }));
    const result = periodOvertime([...before, ...days], { dailyLimitMinutes: null, weeklyLimitMinutes: h(36) });
    expect(result.days.map((day) => day.weeklyOvertimeMinutes)).toEqual([0, 0, 0, 0, h(4), 0]);
  });

  it('a week split by the month: each month gets the overtime of its own days', () => {
    // The week of Monday 29 June to Sunday 5 July 2026: 5 × 9 h with a 40 h week; the 5 h beyond
    // it are worked on Friday 3 July, so July has them and June has none.
    const week = ['2026-06-29', '2026-06-30', '2026-07-01', '2026-07-02', '2026-07-03'].map((day) => ({ day, minutes: h(9) }));
    const limits = { dailyLimitMinutes: h(9), weeklyLimitMinutes: h(40) };
    expect(periodOvertime(week, limits, { period: { from: '2026-06-01', to: '2026-06-30' } }).overtimeMinutes).toBe(0);
    expect(periodOvertime(week, limits, { period: { from: '2026-07-01', to: '2026-07-31' } })).toMatchObject({ workedMinutes: h(27), weeklyOvertimeMinutes: h(5) });
  });

  it('several entries for one day add up; no limits, no overtime', () => {
    const days = [
      { day: '2026-11-16', minutes: h(6) },
      { day: '2026-11-16', minutes: h(5) },
    ];
    expect(periodOvertime(days, ESTATUTO_DAILY).days).toEqual([{ day: '2026-11-16', workedMinutes: h(11), dailyOvertimeMinutes: h(2), weeklyOvertimeMinutes: 0, yearlyOvertimeMinutes: 0, overtimeMinutes: h(2) }]);
    expect(periodOvertime(days, { dailyLimitMinutes: null, weeklyLimitMinutes: null }).overtimeMinutes).toBe(0);
  });

  it('refuses malformed days, negative or fractional minutes', () => {
    expect(() => periodOvertime([{ day: '2026-11-31', minutes: 60 }], ESTATUTO_DAILY)).toThrow(RangeError);
    expect(() => periodOvertime([{ day: '2026-11-16', minutes: -1 }], ESTATUTO_DAILY)).toThrow(RangeError);
    expect(() => periodOvertime([{ day: '2026-11-16', minutes: 1.5 }], ESTATUTO_DAILY)).toThrow(RangeError);
  });
});

describe('periodOvertime: properties', () => {
  const START = Date.UTC(2026, 0, 1) / 86_400_000;
  const daysArb = fc.array(
    fc.record({ offset: fc.integer({ min: 0, max: 120 }), minutes: fc.integer({ min: 0, max: 24 * 60 }) }).map(({ offset, minutes }) => ({
      day: new Date((START + offset) * 86_400_000).toISOString().slice(0, 10),
      minutes,
    })),
    { maxLength: 80 },
  );
  const limitsArb = fc.record({
    dailyLimitMinutes: fc.option(fc.integer({ min: 0, max: 14 * 60 }), { nil: null }),
    weeklyLimitMinutes: fc.option(fc.integer({ min: 0, max: 60 * 60 }), { nil: null }),
  });
  const weekKey = (day: string) => {
    const index = Date.parse(`${day}T00:00:00Z`) / 86_400_000;
    return index - ((index + 3) % 7);
  };

  it('equals Σ daily excess + Σ weeks max(0, ordinary − weekly limit), and never exceeds the worked minutes', () => {
    fc.assert(
      fc.property(daysArb, limitsArb, (days, limits) => {
        const result = periodOvertime(days, limits);
        const daily = limits.dailyLimitMinutes;
        const byDay = new Map<string, number>();
        for (const item of days) byDay.set(item.day, (byDay.get(item.day) ?? 0) + item.minutes);
        const weeks = new Map<number, number>();
        let expectedDaily = 0;
        for (const [day, minutes] of byDay) {
          const excess = daily === null ? 0 : Math.max(0, minutes - daily);
          expectedDaily += excess;
          weeks.set(weekKey(day), (weeks.get(weekKey(day)) ?? 0) + minutes - excess);
        }
        const weekly = limits.weeklyLimitMinutes;
        const expectedWeekly = weekly === null ? 0 : [...weeks.values()].reduce((sum, ordinary) => sum + Math.max(0, ordinary - weekly), 0);
        expect(result.dailyOvertimeMinutes).toBe(expectedDaily);
        expect(result.weeklyOvertimeMinutes).toBe(expectedWeekly);
        expect(result.overtimeMinutes).toBeLessThanOrEqual(result.workedMinutes);
      }),
      { numRuns: 400 },
    );
  });

  it('two adjacent periods add up to their union', () => {
    fc.assert(
      fc.property(daysArb, limitsArb, fc.integer({ min: 0, max: 120 }), (days, limits, cut) => {
        const cutDay = new Date((START + cut) * 86_400_000).toISOString().slice(0, 10);
        const nextDay = new Date((START + cut + 1) * 86_400_000).toISOString().slice(0, 10);
        const whole = periodOvertime(days, limits);
        const first = periodOvertime(days, limits, { period: { from: '2025-12-01', to: cutDay } });
        const second = periodOvertime(days, limits, { period: { from: nextDay, to: '2026-12-31' } });
        expect(first.overtimeMinutes + second.overtimeMinutes).toBe(whole.overtimeMinutes);
        expect(first.workedMinutes + second.workedMinutes).toBe(whole.workedMinutes);
      }),
      { numRuns: 300 },
    );
  });
});

describe('periodOvertime: the yearly limit (the convenio’s annual jornada)', () => {
  const limits = { dailyLimitMinutes: h(9), weeklyLimitMinutes: null, yearlyLimitMinutes: h(1782) };

  it('books the minutes beyond the annual jornada on the day the year crosses it and after, on top of daily overtime', () => {
    // 1,780 h counted before December; then 8 h, 10 h (1 h daily overtime), 8 h.
    const days = [
      { day: '2026-12-01', minutes: h(8) },
      { day: '2026-12-02', minutes: h(10) },
      { day: '2026-12-03', minutes: h(8) },
    ];
    const result = periodOvertime(days, limits, { yearToDateMinutes: h(1780) });
    // Day 1: 1,780 + 8 = 1,788, 6 h beyond. Day 2: 9 ordinary h, all beyond; 1 h daily. Day 3: 8 h.
    expect(result.days.map((day) => [day.dailyOvertimeMinutes, day.yearlyOvertimeMinutes])).toEqual([
      [0, h(6)],
      [h(1), h(9)],
      [0, h(8)],
    ]);
    expect(result).toMatchObject({ workedMinutes: h(26), dailyOvertimeMinutes: h(1), yearlyOvertimeMinutes: h(23), overtimeMinutes: h(24), yearToDateMinutes: h(1780 + 25) });
  });

  it('counts only what the daily and weekly overtime did not', () => {
    // A 40 h week of 5 × 10 h with 9 h days: 5 h daily, 45 − 40 = 5 h weekly, 40 h left to count.
    const week = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'].map((day) => ({ day, minutes: h(10) }));
    const result = periodOvertime(week, { dailyLimitMinutes: h(9), weeklyLimitMinutes: h(40), yearlyLimitMinutes: h(100) }, { yearToDateMinutes: h(80) });
    expect(result).toMatchObject({ dailyOvertimeMinutes: h(5), weeklyOvertimeMinutes: h(5), yearlyOvertimeMinutes: h(20), overtimeMinutes: h(30), yearToDateMinutes: h(120) });
  });

  it('a new year starts from nothing: the carry belongs to the period’s year', () => {
    const days = [
      { day: '2026-12-31', minutes: h(8) },
      { day: '2027-01-01', minutes: h(8) },
    ];
    const result = periodOvertime(days, limits, { yearToDateMinutes: h(1790) });
    expect(result.days.map((day) => day.yearlyOvertimeMinutes)).toEqual([h(8), 0]);
    expect(result.yearToDateMinutes).toBe(h(8));
  });

  it('no limit, or a year under it, books nothing; the carry alone when no day is reported', () => {
    const days = [{ day: '2026-06-01', minutes: h(8) }];
    expect(periodOvertime(days, { ...limits, yearlyLimitMinutes: null }, { yearToDateMinutes: h(5000) }).yearlyOvertimeMinutes).toBe(0);
    expect(periodOvertime(days, limits, { yearToDateMinutes: h(100) })).toMatchObject({ yearlyOvertimeMinutes: 0, yearToDateMinutes: h(108) });
    expect(periodOvertime([], limits, { yearToDateMinutes: h(100) }).yearToDateMinutes).toBe(h(100));
    expect(() => periodOvertime(days, limits, { yearToDateMinutes: -1 })).toThrow(RangeError);
    expect(() => periodOvertime(days, { ...limits, yearlyLimitMinutes: 0.5 })).toThrow(RangeError);
  });
});

describe('periodOvertime: yearly limit, properties', () => {
  const DAY = 86_400_000;
  const dayOf = (index: number) => new Date(index * DAY).toISOString().slice(0, 10);
  const FIRST = Date.UTC(2026, 0, 1) / DAY;
  // Fourteen months (2026 and January–February 2027), so a year’s end is crossed.
  const daysArb = fc.array(
    fc.record({ offset: fc.integer({ min: 0, max: 423 }), minutes: fc.integer({ min: 0, max: 16 * 60 }) }).map(({ offset, minutes }) => ({ day: dayOf(FIRST + offset), minutes })),
    { maxLength: 250 },
  );
  const limitsArb = fc.record({
    dailyLimitMinutes: fc.option(fc.integer({ min: 0, max: 12 * 60 }), { nil: null }),
    weeklyLimitMinutes: fc.option(fc.integer({ min: 0, max: 60 * 60 }), { nil: null }),
    yearlyLimitMinutes: fc.option(fc.integer({ min: 0, max: 1200 * 60 }), { nil: null }),
  });
  const counted = (result: { workedMinutes: number; dailyOvertimeMinutes: number; weeklyOvertimeMinutes: number }) => result.workedMinutes - result.dailyOvertimeMinutes - result.weeklyOvertimeMinutes;

  it('the yearly term is Σ years max(0, counted minutes − limit), and overtime never exceeds the worked minutes', () => {
    fc.assert(
      fc.property(daysArb, limitsArb, (days, limits) => {
        const result = periodOvertime(days, limits);
        const withoutYearly = periodOvertime(days, { ...limits, yearlyLimitMinutes: null });
        const perYear = new Map<string, number>();
        for (const day of withoutYearly.days) perYear.set(day.day.slice(0, 4), (perYear.get(day.day.slice(0, 4)) ?? 0) + day.workedMinutes - day.dailyOvertimeMinutes - day.weeklyOvertimeMinutes);
        const limit = limits.yearlyLimitMinutes;
        const expected = limit === null ? 0 : [...perYear.values()].reduce((sum, minutes) => sum + Math.max(0, minutes - limit), 0);
        expect(result.yearlyOvertimeMinutes).toBe(expected);
        expect(result.dailyOvertimeMinutes + result.weeklyOvertimeMinutes).toBe(withoutYearly.overtimeMinutes);
        expect(result.overtimeMinutes).toBeLessThanOrEqual(result.workedMinutes);
        for (const day of result.days) expect(day.overtimeMinutes).toBeLessThanOrEqual(day.workedMinutes);
      }),
      { numRuns: 300 },
    );
  });

  it('month by month, each given its whole first week and the year-to-date carry, adds up to the year computed at once', () => {
    fc.assert(
      fc.property(daysArb, limitsArb, (days, limits) => {
        const whole = periodOvertime(days, limits);
        let daily = 0;
        let weekly = 0;
        let yearly = 0;
        for (let month = 0; month < 14; month += 1) {
          const first = Date.UTC(2026, month, 1) / DAY;
          const last = Date.UTC(2026, month + 1, 0) / DAY;
          // The Monday of the month's first week: the days before the 1st count towards its week.
          const lead = first - ((first + 3) % 7);
          const given = days.filter((item) => item.day >= dayOf(lead) && item.day <= dayOf(last));
          // What the database would sum: the month's year's counted minutes before the first given day.
          const year = dayOf(first).slice(0, 4);
          const before = days.filter((item) => item.day < dayOf(lead) && item.day.startsWith(year));
          const carry = counted(periodOvertime(before, { ...limits, yearlyLimitMinutes: null }));
          const result = periodOvertime(given, limits, { period: { from: dayOf(first), to: dayOf(last) }, yearToDateMinutes: carry });
          daily += result.dailyOvertimeMinutes;
          weekly += result.weeklyOvertimeMinutes;
          yearly += result.yearlyOvertimeMinutes;
        }
        expect({ daily, weekly, yearly }).toEqual({ daily: whole.dailyOvertimeMinutes, weekly: whole.weeklyOvertimeMinutes, yearly: whole.yearlyOvertimeMinutes });
      }),
      { numRuns: 200 },
    );
  });

  it('a higher yearly limit never books more overtime', () => {
    fc.assert(
      fc.property(daysArb, limitsArb, fc.integer({ min: 0, max: 300 * 60 }), fc.integer({ min: 0, max: 2000 * 60 }), (days, limits, raise, carry) => {
        const base = limits.yearlyLimitMinutes ?? 0;
        const lower = periodOvertime(days, { ...limits, yearlyLimitMinutes: base }, { yearToDateMinutes: carry });
        const higher = periodOvertime(days, { ...limits, yearlyLimitMinutes: base + raise }, { yearToDateMinutes: carry });
        expect(higher.yearlyOvertimeMinutes).toBeLessThanOrEqual(lower.yearlyOvertimeMinutes);
      }),
      { numRuns: 200 },
    );
  });
});
