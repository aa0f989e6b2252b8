import { describe, expect, it } from 'vitest';
import { unavailableIntervals, type UnavailabilityRule } from './availability';
import { createUnavailabilityRequestSchema, describeUnavailability } from './schemas/availability';

const zone = 'Europe/Madrid';
const weekly = (weekday: number, startTime: string | null, endTime: string | null): UnavailabilityRule => ({ kind: 'weekly', startDate: null, endDate: null, weekday, startTime, endTime });
const dates = (startDate: string, endDate: string, startTime: string | null = null, endTime: string | null = null): UnavailabilityRule => ({ kind: 'dates', startDate, endDate, weekday: null, startTime, endTime });
const iso = (intervals: { start: Date; end: Date }[]) => intervals.map((interval) => [interval.start.toISOString(), interval.end.toISOString()]);

describe('unavailableIntervals', () => {
  it('gives every Tuesday 18:00–23:00 in the company zone, in winter and in summer time', () => {
    // Tuesday 2027-03-23 (UTC+1) and Tuesday 2027-03-30 (UTC+2, after the change on the 28th).
    const found = unavailableIntervals(weekly(1, '18:00', '23:00'), new Date('2027-03-22T00:00:00Z'), new Date('2027-04-01T00:00:00Z'), zone);
    expect(iso(found)).toEqual([
      ['2027-03-23T17:00:00.000Z', '2027-03-23T22:00:00.000Z'],
      ['2027-03-30T16:00:00.000Z', '2027-03-30T21:00:00.000Z'],
    ]);
  });

  it('takes a whole local day, 23 hours on the day the clocks go forward', () => {
    const found = unavailableIntervals(dates('2027-03-28', '2027-03-28'), new Date('2027-03-27T00:00:00Z'), new Date('2027-03-30T00:00:00Z'), zone);
    expect(iso(found)).toEqual([['2027-03-27T23:00:00.000Z', '2027-03-28T22:00:00.000Z']]);
  });

  it('carries a night into the next day, also from the day before the asked window', () => {
    // Friday 22:00 to Saturday 06:00; asked from Saturday 02:00 local.
    const found = unavailableIntervals(weekly(4, '22:00', '06:00'), new Date('2027-01-09T01:00:00Z'), new Date('2027-01-09T03:00:00Z'), zone);
    expect(iso(found)).toEqual([['2027-01-08T21:00:00.000Z', '2027-01-09T05:00:00.000Z']]);
  });

  it('repeats the hours on each day of a range and leaves the days outside it', () => {
    const found = unavailableIntervals(dates('2027-01-11', '2027-01-12', '09:00', '14:00'), new Date('2027-01-10T00:00:00Z'), new Date('2027-01-15T00:00:00Z'), zone);
    expect(iso(found)).toEqual([
      ['2027-01-11T08:00:00.000Z', '2027-01-11T13:00:00.000Z'],
      ['2027-01-12T08:00:00.000Z', '2027-01-12T13:00:00.000Z'],
    ]);
  });

  it('does not count an interval that only touches the window', () => {
    expect(unavailableIntervals(weekly(1, '18:00', '23:00'), new Date('2027-01-12T22:00:00Z'), new Date('2027-01-13T02:00:00Z'), zone)).toEqual([]);
  });
});

describe('createUnavailabilityRequestSchema', () => {
  it('refuses an end before the start and a missing time, in Spanish', () => {
    const reversed = createUnavailabilityRequestSchema.safeParse({ kind: 'dates', startDate: '2027-01-12', endDate: '2027-01-11', allDay: true });
    expect(reversed.error?.issues[0]?.message).toBe('La fecha de fin no puede ser anterior a la de inicio.');
    const noTime = createUnavailabilityRequestSchema.safeParse({ kind: 'weekly', weekday: 1, allDay: false, startTime: '18:00' });
    expect(noTime.error?.issues[0]?.message).toBe('Indica la hora de fin.');
  });

  it('describes an entry as the screen lists it', () => {
    expect(describeUnavailability(weekly(1, '18:00', '23:00'))).toBe('Cada martes, 18:00–23:00');
    expect(describeUnavailability(dates('2027-03-10', '2027-03-12'))).toBe('10/03/2027 – 12/03/2027, todo el día');
    expect(describeUnavailability(weekly(4, '22:00', '06:00'))).toBe('Cada viernes, 22:00–06:00 (del día siguiente)');
  });
});
