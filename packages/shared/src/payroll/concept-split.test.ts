import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayKeyOf } from '../events';
import { durationMinutes } from '../format';
import { conceptOf, conceptTotalMinutes, createConceptSplitter, createLocalDayOf, emptyConceptMinutes, splitConcepts, type ConceptMinutes, type NightWindow } from './concept-split';
import { nationalHolidays } from './national-holidays';

const HOLIDAYS_2026 = nationalHolidays(2026).map((holiday) => holiday.date);
const minutes = (partial: Partial<ConceptMinutes>): ConceptMinutes => ({ ...emptyConceptMinutes(), ...partial });

/*
 * The oracle: minute by minute, each whole minute read at its last millisecond through Intl's own
 * wall clock (not the offset arithmetic the module uses). Slow, so only for property runs.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClock(ms: number, timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short' });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(ms).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minuteOfDay: Number(parts.hour) * 60 + Number(parts.minute), sunday: parts.weekday === 'Sun' };
}
const clock = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
function oracle(start: string, end: string, timeZone: string, window: NightWindow | null, holidays: ReadonlySet<string>, sundays: boolean): ConceptMinutes {
  const result = emptyConceptMinutes();
  const startMs = Date.parse(start);
  const count = durationMinutes(start, end);
  const [from, to] = window ? [clock(window.start), clock(window.end)] : [0, 0];
  for (let k = 1; k <= count; k++) {
    const local = wallClock(startMs + k * 60_000 - 1, timeZone);
    const night = from === to ? false : from < to ? local.minuteOfDay >= from && local.minuteOfDay < to : local.minuteOfDay >= from || local.minuteOfDay < to;
    result[conceptOf({ night, holiday: holidays.has(local.date) || (sundays && local.sunday) })] += 1;
  }
  return result;
}

// Records starting anywhere in 2026–2027, to the second (some off the minute), 0–24 h long.
const FROM = Date.parse('2026-01-01T00:00:00Z');
const TO = Date.parse('2027-12-31T00:00:00Z');
const hhmm = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const windowArb: fc.Arbitrary<NightWindow | null> = fc.option(fc.record({ start: hhmm, end: hhmm }), { nil: null });
const dayArb = fc.integer({ min: 0, max: 729 }).map((offset) => new Date(FROM + offset * 86_400_000).toISOString().slice(0, 10));
const zoneArb = fc.constantFrom('Europe/Madrid', 'Atlantic/Canary', 'UTC', 'America/Santiago', 'Australia/Lord_Howe', 'Asia/Kathmandu');
const recordArb = fc
  .tuple(fc.integer({ min: FROM / 1000, max: TO / 1000 }), fc.integer({ min: 0, max: 24 * 3600 }), fc.boolean())
  .map(([startSeconds, lengthSeconds, onTheMinute]) => {
    const start = onTheMinute ? Math.floor(startSeconds / 60) * 60 : startSeconds;
    return { start: new Date(start * 1000).toISOString(), end: new Date((start + lengthSeconds) * 1000).toISOString() };
  });
// Records near offset changes, where the boundaries pile up: Europe's four nights (Madrid and the
// Canaries change at 01:00Z), Santiago's at its midnight, Lord Howe's half-hour ones.
const DST_NIGHTS = [
  '2026-03-29T01:00:00Z',
  '2026-10-25T01:00:00Z',
  '2027-03-28T01:00:00Z',
  '2027-10-31T01:00:00Z',
  '2026-04-05T03:00:00Z',
  '2026-09-06T04:00:00Z',
  '2026-04-04T15:00:00Z',
  '2026-10-03T15:30:00Z',
].map(Date.parse);
const dstRecordArb = fc
  .tuple(fc.constantFrom(...DST_NIGHTS), fc.integer({ min: -14 * 60, max: 2 * 60 }), fc.integer({ min: 0, max: 24 * 60 }))
  .map(([night, offsetMinutes, length]) => ({ start: new Date(night + offsetMinutes * 60_000).toISOString(), end: new Date(night + (offsetMinutes + length) * 60_000).toISOString() }));

describe('splitConcepts: the parts always add up', () => {
  it('any record, window, holiday set and zone: the four parts add up to durationMinutes', () => {
    fc.assert(
      fc.property(fc.oneof(recordArb, dstRecordArb), zoneArb, windowArb, fc.array(dayArb, { maxLength: 40 }), fc.boolean(), (record, timeZone, nightWindow, holidays, sundaysAreHolidays) => {
        const split = splitConcepts(record.start, record.end, { timeZone, nightWindow, holidays, sundaysAreHolidays });
        expect(conceptTotalMinutes(split)).toBe(durationMinutes(record.start, record.end));
        for (const value of Object.values(split)) expect(Number.isInteger(value) && value >= 0).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('matches the minute-by-minute wall clock read through Intl', () => {
    fc.assert(
      fc.property(fc.oneof(recordArb, dstRecordArb, dstRecordArb), zoneArb, windowArb, fc.boolean(), fc.boolean(), (record, timeZone, nightWindow, sundays, withHolidays) => {
        // The record's own local days as holidays (half the runs), so holiday edges are crossed.
        const holidays = new Set(withHolidays ? [wallClock(Date.parse(record.start), timeZone).date] : []);
        const split = splitConcepts(record.start, record.end, { timeZone, nightWindow, holidays, sundaysAreHolidays: sundays });
        expect(split).toEqual(oracle(record.start, record.end, timeZone, nightWindow, holidays, sundays));
      }),
      { numRuns: 120 },
    );
  });

  it('without holidays nothing is holiday; with every day a holiday nothing is ordinary or plain night', () => {
    const everyDay = Array.from({ length: 732 }, (_, offset) => new Date(FROM - 86_400_000 + offset * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(recordArb, zoneArb, windowArb, (record, timeZone, nightWindow) => {
        const plain = splitConcepts(record.start, record.end, { timeZone, nightWindow });
        expect(plain.holiday + plain.nightHoliday).toBe(0);
        const allHolidays = splitConcepts(record.start, record.end, { timeZone, nightWindow, holidays: everyDay });
        expect(allHolidays.ordinary + allHolidays.night).toBe(0);
        expect(allHolidays.nightHoliday).toBe(plain.night);
        expect(allHolidays.holiday).toBe(plain.ordinary);
      }),
      { numRuns: 300 },
    );
  });
});

describe('splitConcepts: night windows', () => {
  it('22:00–06:00 across midnight on an ordinary night (Madrid, UTC+1 in November)', () => {
    // 20:00–08:00 local on 17–18 November 2026.
    expect(splitConcepts('2026-11-17T19:00:00Z', '2026-11-18T07:00:00Z')).toEqual(minutes({ ordinary: 240, night: 480 }));
  });

  it('a window that does not cross midnight (00:00–06:00) and one ending at midnight (20:00–00:00)', () => {
    const record = ['2026-11-17T19:00:00Z', '2026-11-18T07:00:00Z'] as const;
    expect(splitConcepts(...record, { nightWindow: { start: '00:00', end: '06:00' } })).toEqual(minutes({ ordinary: 360, night: 360 }));
    expect(splitConcepts(...record, { nightWindow: { start: '20:00', end: '00:00' } })).toEqual(minutes({ ordinary: 480, night: 240 }));
  });

  it('no night hours with a null window or an empty one (start = end)', () => {
    const record = ['2026-11-17T19:00:00Z', '2026-11-18T07:00:00Z'] as const;
    expect(splitConcepts(...record, { nightWindow: null })).toEqual(minutes({ ordinary: 720 }));
    expect(splitConcepts(...record, { nightWindow: { start: '22:00', end: '22:00' } })).toEqual(minutes({ ordinary: 720 }));
  });

  it('a minute off the clock takes the flags of its last instant; the trailing seconds are dropped', () => {
    // 21:59:30–22:01:10 local: 1 min 40 s → 1 minute, ending at 22:00:30 (night).
    expect(splitConcepts('2026-11-17T20:59:30Z', '2026-11-17T21:01:10Z')).toEqual(minutes({ night: 1 }));
    // 21:58:30–22:01:10: two minutes, ending at 21:59:30 (day) and 22:00:30 (night).
    expect(splitConcepts('2026-11-17T20:58:30Z', '2026-11-17T21:01:10Z')).toEqual(minutes({ ordinary: 1, night: 1 }));
  });

  it('empty, reversed and invalid records count nothing', () => {
    expect(splitConcepts('2026-11-17T20:00:00Z', '2026-11-17T20:00:59Z')).toEqual(emptyConceptMinutes());
    expect(splitConcepts('2026-11-17T20:00:00Z', '2026-11-17T19:00:00Z')).toEqual(emptyConceptMinutes());
    expect(splitConcepts('not a date', '2026-11-17T19:00:00Z')).toEqual(emptyConceptMinutes());
  });

  it('refuses a malformed window, holiday or zone (a settings bug, not a zero)', () => {
    expect(() => splitConcepts('2026-11-17T19:00:00Z', '2026-11-18T07:00:00Z', { nightWindow: { start: '24:00', end: '06:00' } })).toThrow(RangeError);
    expect(() => splitConcepts('2026-11-17T19:00:00Z', '2026-11-18T07:00:00Z', { holidays: ['2026-02-30'] })).toThrow(RangeError);
    expect(() => splitConcepts('2026-11-17T19:00:00Z', '2026-11-18T07:00:00Z', { timeZone: 'Europe/Nowhere' })).toThrow(RangeError);
  });
});

describe('splitConcepts: the daylight-saving nights in Europe/Madrid', () => {
  it('last Sunday of March 2026: a 21:00–07:00 shift lasts 9 h, its 22:00–06:00 night 7 h', () => {
    // 21:00 CET (+1) on Saturday 28 March = 20:00Z; 07:00 CEST (+2) on Sunday 29 March = 05:00Z.
    const shift = ['2026-03-28T20:00:00Z', '2026-03-29T05:00:00Z'] as const;
    expect(splitConcepts(...shift)).toEqual(minutes({ ordinary: 120, night: 420 }));
    // Sundays as holidays: Sunday's 00:00–02:00 CET and 03:00–06:00 CEST are night and holiday.
    expect(splitConcepts(...shift, { sundaysAreHolidays: true })).toEqual(minutes({ ordinary: 60, night: 120, nightHoliday: 300, holiday: 60 }));
  });

  it('last Sunday of October 2026: a 21:00–07:00 shift lasts 11 h, its 22:00–06:00 night 9 h', () => {
    // 21:00 CEST (+2) on Saturday 24 October = 19:00Z; 07:00 CET (+1) on Sunday 25 October = 06:00Z.
    const shift = ['2026-10-24T19:00:00Z', '2026-10-25T06:00:00Z'] as const;
    expect(splitConcepts(...shift)).toEqual(minutes({ ordinary: 120, night: 540 }));
    // Sunday from 00:00 CEST (22:00Z) to 06:00 CET (05:00Z) is 7 h: the repeated hour counts twice.
    expect(splitConcepts(...shift, { sundaysAreHolidays: true })).toEqual(minutes({ ordinary: 60, night: 120, nightHoliday: 420, holiday: 60 }));
  });

  it('a window edge inside the repeated hour (02:30) is crossed twice on the October night', () => {
    // 00:00 CEST to 04:00 CET (22:00Z–03:00Z, 5 h) with a 02:30–06:00 night: 02:30–03:00 CEST,
    // then 02:30–04:00 CET are night (2 h); 00:00–02:30 CEST and 02:00–02:30 CET are not (3 h).
    expect(splitConcepts('2026-10-24T22:00:00Z', '2026-10-25T03:00:00Z', { nightWindow: { start: '02:30', end: '06:00' } })).toEqual(minutes({ ordinary: 180, night: 120 }));
  });

  it('a window edge inside the missing hour (02:30) on the March night starts the night at 03:00', () => {
    // 00:00 CET to 05:00 CEST (23:00Z–03:00Z, 4 h) with a 02:30–06:00 night: 00:00–02:00 CET is
    // day (2 h), 03:00–05:00 CEST night (2 h).
    expect(splitConcepts('2026-03-28T23:00:00Z', '2026-03-29T03:00:00Z', { nightWindow: { start: '02:30', end: '06:00' } })).toEqual(minutes({ ordinary: 120, night: 120 }));
  });
});

describe('splitConcepts: holidays by the local date', () => {
  it('2026-12-24T23:30Z is 25 December 00:30 in Madrid: Christmas, and night', () => {
    expect(splitConcepts('2026-12-24T23:30:00Z', '2026-12-25T00:30:00Z', { holidays: HOLIDAYS_2026 })).toEqual(minutes({ nightHoliday: 60 }));
    expect(splitConcepts('2026-12-24T23:30:00Z', '2026-12-25T00:30:00Z', { holidays: HOLIDAYS_2026, nightWindow: null })).toEqual(minutes({ holiday: 60 }));
  });

  it('the same instants in Atlantic/Canary (UTC+0 in winter): half on the 24th, half on the 25th', () => {
    expect(splitConcepts('2026-12-24T23:30:00Z', '2026-12-25T00:30:00Z', { timeZone: 'Atlantic/Canary', holidays: HOLIDAYS_2026 })).toEqual(minutes({ night: 30, nightHoliday: 30 }));
  });

  it('Christmas Eve night shift: 2 h before midnight are not holiday, 6 h after are', () => {
    // 22:00 24 Dec – 06:00 25 Dec local (Madrid, UTC+1).
    const split = splitConcepts('2026-12-24T21:00:00Z', '2026-12-25T05:00:00Z', { holidays: HOLIDAYS_2026 });
    expect(split).toEqual(minutes({ night: 120, nightHoliday: 360 }));
  });

  it('the March night in Atlantic/Canary (01:00 → 02:00 local): 21:00–07:00 lasts 9 h, its night 7 h', () => {
    // 21:00 WET on 28 March = 21:00Z; 07:00 WEST on 29 March = 06:00Z; night 22:00Z–05:00Z.
    expect(splitConcepts('2026-03-28T21:00:00Z', '2026-03-29T06:00:00Z', { timeZone: 'Atlantic/Canary' })).toEqual(minutes({ ordinary: 120, night: 420 }));
  });

  it('Sundays count only when the company says so', () => {
    // Sunday 22 November 2026, 09:00–17:00 local.
    const shift = ['2026-11-22T08:00:00Z', '2026-11-22T16:00:00Z'] as const;
    expect(splitConcepts(...shift)).toEqual(minutes({ ordinary: 480 }));
    expect(splitConcepts(...shift, { sundaysAreHolidays: true })).toEqual(minutes({ holiday: 480 }));
  });
});

describe('createConceptSplitter', () => {
  it('splits a month of 500 workers (15,500 records) and the parts add up (speed: npm run bench, issue 26)', () => {
    const split = createConceptSplitter({ holidays: HOLIDAYS_2026, sundaysAreHolidays: true });
    const total = emptyConceptMinutes();
    for (let worker = 0; worker < 500; worker++) {
      for (let day = 1; day <= 31; day++) {
        // Shifts of 8–12 h starting between 06:00 and 23:45 UTC through December 2026.
        const start = Date.UTC(2026, 11, day, 6 + (worker % 18), (worker * 15) % 60);
        const result = split(new Date(start).toISOString(), new Date(start + (8 + (worker % 5)) * 3_600_000).toISOString());
        for (const key of Object.keys(total) as (keyof ConceptMinutes)[]) total[key] += result[key];
      }
    }
    expect(conceptTotalMinutes(total)).toBe(31 * [...Array(500).keys()].reduce((sum, worker) => sum + (8 + (worker % 5)) * 60, 0));
  });
});

describe('createLocalDayOf', () => {
  it('agrees with Intl’s calendar day for any instant in 2020–2030, in every zone (offset changes included)', () => {
    const FROM_2020 = Date.UTC(2020, 0, 1);
    const TO_2031 = Date.UTC(2031, 0, 1);
    fc.assert(
      fc.property(zoneArb, fc.integer({ min: FROM_2020, max: TO_2031 }), (zone, ms) => {
        expect(createLocalDayOf(zone)(new Date(ms).toISOString())).toBe(dayKeyOf(new Date(ms), zone));
      }),
      { numRuns: 2000 },
    );
  });

  it('the minutes around the March and October changes in Madrid, and a bad instant', () => {
    const dayOf = createLocalDayOf('Europe/Madrid');
    expect(dayOf('2026-03-28T22:59:59.999Z')).toBe('2026-03-28');
    expect(dayOf('2026-03-28T23:00:00.000Z')).toBe('2026-03-29');
    expect(dayOf('2026-03-29T21:59:00.000Z')).toBe('2026-03-29');
    expect(dayOf('2026-03-29T22:00:00.000Z')).toBe('2026-03-30');
    expect(dayOf('2026-10-24T21:59:00.000Z')).toBe('2026-10-24');
    expect(dayOf('2026-10-24T22:00:00.000Z')).toBe('2026-10-25');
    expect(dayOf('2026-10-25T22:59:00.000Z')).toBe('2026-10-25');
    expect(dayOf('2026-10-25T23:00:00.000Z')).toBe('2026-10-26');
    expect(() => dayOf('no')).toThrow(RangeError);
  });
});
