import { format } from 'date-fns';
import { es } from 'date-fns/locale';
import { calendarDay, calendarDayKey, companyToday, longDayName } from '@/lib/calendar-days';
import { parseMonth } from '@/lib/month';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The Monday of the week of a day key (Monday first, as Spanish calendars). */
export function mondayOf(key: string): string {
  const day = calendarDay(key);
  const offset = (day.getDay() + 6) % 7;
  return calendarDayKey(new Date(day.getFullYear(), day.getMonth(), day.getDate() - offset));
}

/** A day key `days` after (or before) another, by calendar arithmetic. */
export function addDays(key: string, days: number): string {
  const day = calendarDay(key);
  return calendarDayKey(new Date(day.getFullYear(), day.getMonth(), day.getDate() + days));
}

/** The week a `?week=` parameter names (any day of it), else this week in the company's calendar. */
export function weekFromParam(param: string | null): string {
  if (param && DAY_PATTERN.test(param) && !Number.isNaN(calendarDay(param).getTime())) return mondayOf(param);
  return mondayOf(calendarDayKey(companyToday()));
}

/** 'lun 23' for a column header. */
export function shortDayLabel(key: string): { weekday: string; day: string } {
  const day = calendarDay(key);
  return { weekday: format(day, 'EEE', { locale: es }).replace('.', ''), day: format(day, 'd', { locale: es }) };
}

/** 'lunes, 23 de noviembre de 2026'. */
export const longDayLabel = (key: string) => longDayName(calendarDay(key));

/** '23 – 29 de noviembre de 2026', or across months '30 de noviembre – 6 de diciembre de 2026'. */
export function weekLabel(monday: string): string {
  const [first, last] = [calendarDay(monday), calendarDay(addDays(monday, 6))];
  if (first.getMonth() === last.getMonth()) return `${format(first, 'd', { locale: es })} – ${format(last, "d 'de' MMMM 'de' yyyy", { locale: es })}`;
  if (first.getFullYear() === last.getFullYear()) return `${format(first, "d 'de' MMMM", { locale: es })} – ${format(last, "d 'de' MMMM 'de' yyyy", { locale: es })}`;
  return `${format(first, "d 'de' MMMM 'de' yyyy", { locale: es })} – ${format(last, "d 'de' MMMM 'de' yyyy", { locale: es })}`;
}

/** The month a `?month=` parameter names ('yyyy-MM'), else this month in the company's calendar. */
export function monthFromParam(param: string | null): string {
  return parseMonth(param) ?? calendarDayKey(companyToday()).slice(0, 7);
}

/** The first and last day keys of a month 'yyyy-MM'. */
export function monthDays(month: string): [string, string] {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return [`${month}-01`, calendarDayKey(new Date(year, number, 0))];
}
