import { dayKeyOf } from '@jornada/shared/events';
import { formatLongDay } from '@jornada/shared/format';

/*
 * The app's calendars draw calendar days, not instants (decision 028): each day is a plain Date
 * whose own fields (year, month, day) are that day, whatever the browser's time zone. Only "today"
 * and the days of the data (events, vacations) depend on the company time zone, and they are
 * computed in it before they reach the calendar. react-day-picker's `timeZone` mode ran every step
 * of its grid (42 days, each modifier of each) through TZDate, whose getters ask Intl for the
 * zone's offset: tasks of ~500 ms on a phone.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** 'yyyy-MM-dd' of a day a calendar draws, from its own fields. */
export function calendarDayKey(day: Date): string {
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The plain Date of a 'yyyy-MM-dd' calendar day (midnight in the browser's zone, fields = the day). */
export function calendarDay(key: string): Date {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/** Today in the company time zone, as a calendar day (read at each call: a page left open past midnight moves on). */
export function companyToday(now = new Date()): Date {
  return calendarDay(dayKeyOf(now));
}

/** 'sábado, 21 de noviembre de 2026' per day key: a day's long name never changes, and a grid asks for 42. */
const longNames = new Map<string, string>();
export function longDayName(day: Date): string {
  const key = calendarDayKey(day);
  let name = longNames.get(key);
  if (name === undefined) {
    name = formatLongDay(day);
    longNames.set(key, name);
  }
  return name;
}
