import { TZDate } from '@date-fns/tz';
import { dayKeyOf, repeatDayOf } from './events';
import { DEFAULT_TIME_ZONE, nextPlainDay } from './format';

/**
 * Decision 044: the instants an unavailability entry covers between two instants. Each covered
 * local day gives one interval: the whole day (from its midnight to the next, 23 or 25 hours on a
 * DST change) or its start time to its end time, the end the next day when it is not after the
 * start (22:00–06:00). Wall-clock times are read in the company time zone.
 */
export interface UnavailabilityRule {
  kind: 'dates' | 'weekly';
  startDate: string | null;
  endDate: string | null;
  weekday: number | null;
  startTime: string | null;
  endTime: string | null;
}

export interface Interval {
  start: Date;
  end: Date;
}

function localInstant(day: string, time: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, date, hours, minutes, 0, timeZone).getTime());
}

function weekdayOf(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return repeatDayOf(new Date(Date.UTC(year, month - 1, date)).getUTCDay());
}

/** Whether the entry covers the local day `day` ('YYYY-MM-DD'). */
function covers(rule: UnavailabilityRule, day: string): boolean {
  if (rule.kind === 'weekly') return rule.weekday === weekdayOf(day);
  return rule.startDate !== null && rule.endDate !== null && day >= rule.startDate && day <= rule.endDate;
}

/** The entry's interval on a day it covers. */
function intervalOn(rule: UnavailabilityRule, day: string, timeZone: string): Interval {
  if (rule.startTime === null || rule.endTime === null) {
    return { start: localInstant(day, '00:00', timeZone), end: localInstant(nextPlainDay(day), '00:00', timeZone) };
  }
  const overnight = rule.endTime <= rule.startTime;
  return { start: localInstant(day, rule.startTime, timeZone), end: localInstant(overnight ? nextPlainDay(day) : day, rule.endTime, timeZone) };
}

/**
 * The intervals of `rule` that overlap [from, to) (an interval touching an end does not overlap).
 * The day before `from` is looked at too, for a night that began then.
 */
export function unavailableIntervals(rule: UnavailabilityRule, from: Date, to: Date, timeZone = DEFAULT_TIME_ZONE): Interval[] {
  if (!(from.getTime() < to.getTime())) return [];
  const intervals: Interval[] = [];
  const last = dayKeyOf(to, timeZone);
  for (let day = dayKeyOf(new Date(from.getTime() - 86_400_000), timeZone); day <= last; day = nextPlainDay(day)) {
    if (!covers(rule, day)) continue;
    const interval = intervalOn(rule, day, timeZone);
    if (interval.start.getTime() < to.getTime() && interval.end.getTime() > from.getTime()) intervals.push(interval);
  }
  return intervals;
}
