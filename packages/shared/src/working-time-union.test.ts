import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breaksCausedBy, buildJornadas, ESTATUTO_RULES, groupJornadas, intervalMinutes, intervalsOverlap, unionMinutes, type WorkInterval } from './working-time';

/*
 * Issue 21 item 2: two overlapping events on one day gave 'Jornada diaria: 22 h' for a real span of
 * 06:00–22:00. A day's worked time is the union of its intervals, never their plain sum.
 */
let sequence = 0;
const interval = (start: string, end: string | null): WorkInterval => ({ id: `u${++sequence}`, start, end });

// Intervals inside one week of November 2026 (08:00Z on the 9th onwards), to the second.
const BASE = Date.parse('2026-11-09T08:00:00Z');
const WEEK_SECONDS = 7 * 24 * 3600;
const closedInterval = fc
  .tuple(fc.integer({ min: 0, max: WEEK_SECONDS }), fc.integer({ min: 1, max: 16 * 3600 }))
  .map(([offset, length]) => ({ start: new Date(BASE + offset * 1000).toISOString(), end: new Date(BASE + (offset + length) * 1000).toISOString() }));
const intervalsArb = fc.array(closedInterval, { minLength: 0, maxLength: 12 });

const sumOf = (items: ReadonlyArray<Pick<WorkInterval, 'start' | 'end'>>) => items.reduce((sum, item) => sum + intervalMinutes(item), 0);
const spanMinutes = (items: ReadonlyArray<{ start: string; end: string }>) =>
  items.length === 0 ? 0 : Math.floor((Math.max(...items.map((item) => Date.parse(item.end))) - Math.min(...items.map((item) => Date.parse(item.start)))) / 60_000);

describe('unionMinutes', () => {
  it('counts 06:00–16:00 and 10:00–22:00 on one day as the 16 h they span, not 22 h', () => {
    // Madrid is UTC+1 in November.
    const items = [interval('2026-11-10T05:00:00Z', '2026-11-10T15:00:00Z'), interval('2026-11-10T09:00:00Z', '2026-11-10T21:00:00Z')];
    expect(unionMinutes(items)).toBe(16 * 60);
    const [jornada] = buildJornadas(items, ESTATUTO_RULES);
    expect(jornada?.workedMinutes).toBe(16 * 60);
    expect(jornada?.breaks.map((item) => item.message)).toEqual(['Jornada diaria: 16 h, máximo 9 h (exceso 7 h)']);
  });

  it('counts an interval inside another once, and open intervals not at all', () => {
    expect(unionMinutes([interval('2026-11-10T08:00:00Z', '2026-11-10T18:00:00Z'), interval('2026-11-10T10:00:00Z', '2026-11-10T12:00:00Z')])).toBe(600);
    expect(unionMinutes([interval('2026-11-10T08:00:00Z', null), interval('2026-11-10T10:00:00Z', '2026-11-10T12:00:00Z')])).toBe(120);
    expect(unionMinutes([])).toBe(0);
  });

  it('is never more than the sum of the intervals', () => {
    fc.assert(fc.property(intervalsArb, (items) => unionMinutes(items) <= sumOf(items)));
  });

  it('is never more than the span from the first start to the last end', () => {
    fc.assert(fc.property(intervalsArb, (items) => unionMinutes(items) <= spanMinutes(items)));
  });

  it('equals the sum for disjoint intervals', () => {
    // Cut a sorted list of instants into consecutive pairs: the pairs never overlap.
    const disjoint = fc.uniqueArray(fc.integer({ min: 0, max: WEEK_SECONDS }), { minLength: 0, maxLength: 16 }).map((offsets) => {
      const sorted = [...offsets].sort((a, b) => a - b);
      const items: { start: string; end: string }[] = [];
      for (let index = 0; index + 1 < sorted.length; index += 2) {
        items.push({ start: new Date(BASE + sorted[index]! * 1000).toISOString(), end: new Date(BASE + sorted[index + 1]! * 1000).toISOString() });
      }
      return items;
    });
    fc.assert(fc.property(disjoint, (items) => unionMinutes(items) === sumOf(items)));
  });

  it('does not depend on the order of the intervals, and a copy of one adds nothing', () => {
    fc.assert(
      fc.property(intervalsArb, fc.nat(), (items, pick) => {
        const union = unionMinutes(items);
        expect(unionMinutes([...items].reverse())).toBe(union);
        if (items.length > 0) expect(unionMinutes([...items, items[pick % items.length]!])).toBe(union);
      }),
    );
  });

  it('is what a jornada counts as worked', () => {
    fc.assert(
      fc.property(intervalsArb, (items) => {
        const jornadas = groupJornadas(items.map((item, index) => ({ id: `p${index}`, ...item })));
        for (const jornada of jornadas) expect(jornada.workedMinutes).toBe(unionMinutes(jornada.intervals));
        // Jornadas never share time, so the week's total is the union of everything.
        expect(jornadas.reduce((sum, jornada) => sum + jornada.workedMinutes, 0)).toBe(unionMinutes(items));
      }),
    );
  });
});

describe('intervalsOverlap', () => {
  it('is true when two intervals share time and false when they only touch', () => {
    const morning = { start: '2026-11-10T09:00:00Z', end: '2026-11-10T13:00:00Z' };
    expect(intervalsOverlap(morning, { start: '2026-11-10T12:00:00Z', end: '2026-11-10T20:00:00Z' })).toBe(true);
    expect(intervalsOverlap(morning, { start: '2026-11-10T10:00:00Z', end: '2026-11-10T11:00:00Z' })).toBe(true);
    expect(intervalsOverlap(morning, { start: '2026-11-10T13:00:00Z', end: '2026-11-10T20:00:00Z' })).toBe(false);
    expect(intervalsOverlap(morning, { start: new Date('2026-11-10T05:00:00Z'), end: new Date('2026-11-10T09:00:00Z') })).toBe(false);
  });

  it('answers the same for epoch milliseconds as for the strings they were parsed from', () => {
    fc.assert(
      fc.property(closedInterval, closedInterval, (a, b) => {
        const millis = (interval: { start: string; end: string }) => ({ start: Date.parse(interval.start), end: Date.parse(interval.end) });
        expect(intervalsOverlap(millis(a), millis(b))).toBe(intervalsOverlap(a, b));
        expect(intervalsOverlap(millis(a), b)).toBe(intervalsOverlap(a, b));
      }),
    );
  });

  it('is symmetric, and overlapping intervals have a union smaller than their sum', () => {
    fc.assert(
      fc.property(closedInterval, closedInterval, (a, b) => {
        expect(intervalsOverlap(a, b)).toBe(intervalsOverlap(b, a));
        if (!intervalsOverlap(a, b)) expect(unionMinutes([a, b])).toBe(sumOf([a, b]));
      }),
    );
  });
});

describe('assignment warnings with overlapping plans', () => {
  it('do not double-count a planned event that overlaps a worked record', () => {
    const existing = [interval('2026-11-10T07:00:00Z', '2026-11-10T13:00:00Z')];
    // 08:00–14:00 local again, planned over the same morning: still a 6 h day.
    const caused = breaksCausedBy(existing, [interval('2026-11-10T07:00:00Z', '2026-11-10T13:00:00Z')], ESTATUTO_RULES);
    expect(caused).toEqual([]);
  });
});
