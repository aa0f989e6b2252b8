import { describe, expect, it } from 'vitest';
import {
  atLocalTime,
  calendarDaysSpanned,
  calendarDotCount,
  dayKeyOf,
  eventStatusAt,
  expandConstantEvent,
  groupEventsByDay,
  isActiveStatus,
  repeatDayOf,
  repeatDayLabels,
  summarizeAssigneeNames,
} from './events';

const madrid = 'Europe/Madrid';
const iso = (occurrences: { start: Date; end: Date }[]) => occurrences.map(({ start, end }) => [start.toISOString(), end.toISOString()]);

describe('event status follows time (decision 1)', () => {
  const event = { date: '2026-11-21T09:00:00.000Z', endDate: '2026-11-21T17:00:00.000Z' };
  it('is Programado before the start', () => {
    expect(eventStatusAt(event, new Date('2026-11-21T08:59:59.999Z'))).toBe('Programado');
  });
  it('is Activo from the start until just before the end', () => {
    expect(eventStatusAt(event, new Date('2026-11-21T09:00:00.000Z'))).toBe('Activo');
    expect(eventStatusAt(event, new Date('2026-11-21T16:59:59.999Z'))).toBe('Activo');
  });
  it('is Finalizado from the end on', () => {
    expect(eventStatusAt(event, new Date('2026-11-21T17:00:00.000Z'))).toBe('Finalizado');
    expect(eventStatusAt(event, new Date('2027-01-01T00:00:00.000Z'))).toBe('Finalizado');
  });
  it("counts a lower-case 'activo' as active", () => {
    expect(isActiveStatus('activo')).toBe(true);
    expect(isActiveStatus('Activo')).toBe(true);
    expect(isActiveStatus('Programado')).toBe(false);
    expect(isActiveStatus(undefined)).toBe(false);
  });
});

describe('repeat days', () => {
  it('maps Monday to 0 and Sunday to 6', () => {
    expect(repeatDayOf(new Date('2026-11-23T12:00:00Z').getUTCDay())).toBe(0); // Monday
    expect(repeatDayOf(new Date('2026-11-28T12:00:00Z').getUTCDay())).toBe(5); // Saturday
    expect(repeatDayOf(new Date('2026-11-29T12:00:00Z').getUTCDay())).toBe(6); // Sunday
    expect(repeatDayLabels[0]).toBe('Lunes');
    expect(repeatDayLabels[6]).toBe('Domingo');
  });
});

describe('the calendar day of an instant (decision 4)', () => {
  it('is the day in the company time zone, around midnight and across both daylight-saving changes', () => {
    expect(dayKeyOf('2026-11-25T22:59:59.999Z', madrid)).toBe('2026-11-25');
    expect(dayKeyOf('2026-11-25T23:00:00.000Z', madrid)).toBe('2026-11-26');
    // Madrid is UTC+1 on the night clocks go forward, UTC+2 on the night they go back.
    expect(dayKeyOf(new Date('2026-03-28T23:30:00Z'), madrid)).toBe('2026-03-29');
    expect(dayKeyOf(new Date('2026-03-29T21:59:00Z'), madrid)).toBe('2026-03-29');
    expect(dayKeyOf(new Date('2026-03-29T22:00:00Z'), madrid)).toBe('2026-03-30');
    expect(dayKeyOf(new Date('2026-10-24T21:59:00Z'), madrid)).toBe('2026-10-24');
    expect(dayKeyOf(new Date('2026-10-24T22:30:00Z'), madrid)).toBe('2026-10-25');
    expect(dayKeyOf(new Date('2026-10-25T22:59:00Z'), madrid)).toBe('2026-10-25');
  });

  it('follows the zone it is given, Madrid by default', () => {
    const instant = '2026-11-25T23:30:00Z';
    expect(dayKeyOf(instant)).toBe('2026-11-26');
    expect(dayKeyOf(instant, 'Atlantic/Canary')).toBe('2026-11-25');
    expect(dayKeyOf(instant, 'Pacific/Auckland')).toBe('2026-11-26');
    expect(dayKeyOf(instant, 'America/Los_Angeles')).toBe('2026-11-25');
    expect(dayKeyOf('0999-12-31T23:30:00Z', 'UTC')).toBe('0999-12-31');
  });
});

describe('local wall-clock times', () => {
  it('finds a local time some days away, across a DST change', () => {
    expect(atLocalTime('2026-03-28T10:00:00Z', 0, 9, 30, madrid).toISOString()).toBe('2026-03-28T08:30:00.000Z');
    expect(atLocalTime('2026-03-28T10:00:00Z', 2, 9, 30, madrid).toISOString()).toBe('2026-03-30T07:30:00.000Z');
    expect(atLocalTime('2026-11-22T23:30:00Z', -1, 0, 0, madrid).toISOString()).toBe('2026-11-21T23:00:00.000Z');
  });
});

describe('constant events (spec section 4, decision 4)', () => {
  it('creates one event per matching weekday with the start and end times of day', () => {
    // Monday 23 to Sunday 29 November 2026, 09:00–17:00 in Madrid (UTC+1), Monday, Wednesday, Friday.
    const occurrences = expandConstantEvent(
      { start: '2026-11-23T08:00:00.000Z', end: '2026-11-29T16:00:00.000Z', repeatDays: [0, 2, 4] },
      madrid,
    );
    expect(iso(occurrences)).toEqual([
      ['2026-11-23T08:00:00.000Z', '2026-11-23T16:00:00.000Z'],
      ['2026-11-25T08:00:00.000Z', '2026-11-25T16:00:00.000Z'],
      ['2026-11-27T08:00:00.000Z', '2026-11-27T16:00:00.000Z'],
    ]);
  });

  it('includes both ends of the range and Sunday as day 6', () => {
    const occurrences = expandConstantEvent(
      { start: '2026-11-22T08:00:00.000Z', end: '2026-11-29T16:00:00.000Z', repeatDays: [6] },
      madrid,
    );
    expect(occurrences.map((o) => dayKeyOf(o.start, madrid))).toEqual(['2026-11-22', '2026-11-29']);
  });

  it('crosses month and year ends, including 29 February', () => {
    const monthEnd = expandConstantEvent({ start: '2026-01-30T08:00:00Z', end: '2026-02-02T16:00:00Z', repeatDays: [0, 1, 2, 3, 4, 5, 6] }, madrid);
    expect(monthEnd.map((o) => dayKeyOf(o.start, madrid))).toEqual(['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02']);
    const yearEnd = expandConstantEvent({ start: '2026-12-30T08:00:00Z', end: '2027-01-01T16:00:00Z', repeatDays: [0, 1, 2, 3, 4, 5, 6] }, madrid);
    expect(yearEnd.map((o) => dayKeyOf(o.start, madrid))).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
    const leap = expandConstantEvent({ start: '2028-02-28T08:00:00Z', end: '2028-03-01T16:00:00Z', repeatDays: [0, 1, 2, 3, 4, 5, 6] }, madrid);
    expect(leap.map((o) => dayKeyOf(o.start, madrid))).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
  });

  it('keeps the local wall-clock times across the March change (last Sunday, Europe/Madrid)', () => {
    // 28 March 2026 is Saturday (UTC+1); 29 March is the change; 30 March is Monday (UTC+2). 09:00–17:00 local.
    const occurrences = expandConstantEvent(
      { start: '2026-03-28T08:00:00.000Z', end: '2026-03-30T15:00:00.000Z', repeatDays: [0, 5, 6] },
      madrid,
    );
    expect(iso(occurrences)).toEqual([
      ['2026-03-28T08:00:00.000Z', '2026-03-28T16:00:00.000Z'],
      ['2026-03-29T07:00:00.000Z', '2026-03-29T15:00:00.000Z'],
      ['2026-03-30T07:00:00.000Z', '2026-03-30T15:00:00.000Z'],
    ]);
  });

  it('keeps the local wall-clock times across the October change (last Sunday, Europe/Madrid)', () => {
    // 24 October 2026 is Saturday (UTC+2); 25 October is the change; 26 October is Monday (UTC+1). 09:00–17:00 local.
    const occurrences = expandConstantEvent(
      { start: '2026-10-24T07:00:00.000Z', end: '2026-10-26T16:00:00.000Z', repeatDays: [0, 5, 6] },
      madrid,
    );
    expect(iso(occurrences)).toEqual([
      ['2026-10-24T07:00:00.000Z', '2026-10-24T15:00:00.000Z'],
      ['2026-10-25T08:00:00.000Z', '2026-10-25T16:00:00.000Z'],
      ['2026-10-26T08:00:00.000Z', '2026-10-26T16:00:00.000Z'],
    ]);
  });

  it('counts days in the company time zone, not in UTC', () => {
    // 00:30 Madrid on Monday 23 November is still Sunday 22 in UTC.
    const occurrences = expandConstantEvent({ start: '2026-11-22T23:30:00.000Z', end: '2026-11-23T23:00:00.000Z', repeatDays: [0] }, madrid);
    expect(iso(occurrences)).toEqual([['2026-11-22T23:30:00.000Z', '2026-11-23T23:00:00.000Z']]);
  });

  it('ends a night shift the next morning and drops the one that would overrun the range', () => {
    // 22:00 to 06:00 local, from Monday 23 to Thursday 26 November: three nights.
    const occurrences = expandConstantEvent({ start: '2026-11-23T21:00:00.000Z', end: '2026-11-26T05:00:00.000Z', repeatDays: [0, 1, 2, 3, 4, 5, 6] }, madrid);
    expect(iso(occurrences)).toEqual([
      ['2026-11-23T21:00:00.000Z', '2026-11-24T05:00:00.000Z'],
      ['2026-11-24T21:00:00.000Z', '2026-11-25T05:00:00.000Z'],
      ['2026-11-25T21:00:00.000Z', '2026-11-26T05:00:00.000Z'],
    ]);
  });

  it('returns nothing when no date in the range matches', () => {
    // Monday 23 to Wednesday 25 November, only Saturdays and Sundays.
    expect(expandConstantEvent({ start: '2026-11-23T08:00:00Z', end: '2026-11-25T16:00:00Z', repeatDays: [5, 6] }, madrid)).toEqual([]);
    expect(expandConstantEvent({ start: '2026-11-23T08:00:00Z', end: '2026-11-29T16:00:00Z', repeatDays: [] }, madrid)).toEqual([]);
  });

  it('returns nothing for an empty or inverted range', () => {
    expect(expandConstantEvent({ start: '2026-11-23T08:00:00Z', end: '2026-11-23T08:00:00Z', repeatDays: [0] }, madrid)).toEqual([]);
    expect(expandConstantEvent({ start: '2026-11-24T08:00:00Z', end: '2026-11-23T08:00:00Z', repeatDays: [0, 1] }, madrid)).toEqual([]);
  });

  it('counts the local days a range spans', () => {
    expect(calendarDaysSpanned('2026-11-23T08:00:00Z', '2026-11-23T16:00:00Z', madrid)).toBe(1);
    expect(calendarDaysSpanned('2026-03-28T08:00:00Z', '2026-03-30T15:00:00Z', madrid)).toBe(3);
    expect(calendarDaysSpanned('2026-01-01T08:00:00Z', '2026-12-31T16:00:00Z', madrid)).toBe(365);
  });
});

describe("'+N más' (spec section 2 screen 12)", () => {
  it('lists up to three names without a suffix', () => {
    expect(summarizeAssigneeNames([])).toEqual({ visible: [], hiddenCount: 0, moreLabel: null });
    expect(summarizeAssigneeNames(['Ana', 'Luis', 'Eva'])).toEqual({ visible: ['Ana', 'Luis', 'Eva'], hiddenCount: 0, moreLabel: null });
  });
  it('shows three names then +N más', () => {
    expect(summarizeAssigneeNames(['Ana', 'Luis', 'Eva', 'Juan'])).toEqual({ visible: ['Ana', 'Luis', 'Eva'], hiddenCount: 1, moreLabel: '+1 más' });
    expect(summarizeAssigneeNames(['A', 'B', 'C', 'D', 'E', 'F']).moreLabel).toBe('+3 más');
  });
});

describe('the overview calendar', () => {
  it('groups events by their local start day, first event first', () => {
    const days = groupEventsByDay(
      [
        { id: 'evt-b', date: '2026-11-23T10:00:00.000Z' },
        { id: 'evt-a', date: '2026-11-23T08:00:00.000Z' },
        { id: 'evt-c', date: '2026-11-22T23:30:00.000Z' }, // 00:30 on the 23rd in Madrid
        { id: 'evt-d', date: '2026-11-24T08:00:00.000Z' },
      ],
      madrid,
    );
    expect([...days.keys()]).toEqual(['2026-11-23', '2026-11-24']);
    expect(days.get('2026-11-23')?.map((event) => event.id)).toEqual(['evt-c', 'evt-a', 'evt-b']);
  });
  it('draws at most three dots', () => {
    expect([0, 1, 3, 4, 10].map(calendarDotCount)).toEqual([0, 1, 3, 3, 3]);
  });
});
