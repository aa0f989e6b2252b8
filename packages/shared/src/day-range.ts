import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { DEFAULT_TIME_ZONE } from './format';

/** The UTC instants [start, end) of the days from–to ('yyyy-MM-dd', both included) in the company time zone. */
export function dayRangeInstants(from: string, to: string, timeZone = DEFAULT_TIME_ZONE): { start: string; end: string } {
  const [fromYear, fromMonth, fromDay] = from.split('-').map(Number) as [number, number, number];
  const [toYear, toMonth, toDay] = to.split('-').map(Number) as [number, number, number];
  const start = new TZDate(fromYear, fromMonth - 1, fromDay, 0, 0, 0, timeZone);
  const end = new TZDate(toYear, toMonth - 1, toDay + 1, 0, 0, 0, timeZone);
  return { start: new Date(start.getTime()).toISOString(), end: new Date(end.getTime()).toISOString() };
}

/** The day 'yyyy-MM-dd' of an instant in the company time zone. */
export function dayKeyOf(instant: Date | string, timeZone = DEFAULT_TIME_ZONE): string {
  return format(new TZDate(new Date(instant).getTime(), timeZone), 'yyyy-MM-dd');
}

/** A day key as Spanish readers write it: '31/10/2026'. */
export function formatDayKey(day: string): string {
  return day.split('-').reverse().join('/');
}
