import { monthKeyOf, monthKeyPattern } from '@jornada/shared/format';
import { addMonths, format } from 'date-fns';
import { es } from 'date-fns/locale';

/*
 * Month keys ('yyyy-MM', company time zone) for the month pickers of several screens
 * (payments, the monthly export). Spec section 9: the pickers run from 2020 to next year.
 */

export const FIRST_MONTH = '2020-01';

/** December of next year, in the company time zone. */
export function lastMonth(now = new Date()): string {
  return `${Number(monthKeyOf(now).slice(0, 4)) + 1}-12`;
}

export function currentMonth(now = new Date()): string {
  return monthKeyOf(now);
}

/** A valid month key inside the pickers' range, or null. */
export function parseMonth(value: string | null | undefined): string | null {
  if (!value || !monthKeyPattern.test(value)) return null;
  return value >= FIRST_MONTH && value <= lastMonth() ? value : null;
}

/** The first day of a month key as a local date, for the calendar. */
export function monthToDate(month: string): Date {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(year, monthNumber - 1, 1);
}

export function dateToMonth(date: Date): string {
  return format(date, 'yyyy-MM');
}

export function addToMonth(month: string, delta: number): string {
  return dateToMonth(addMonths(monthToDate(month), delta));
}

/** 'Mayo de 2026' */
export function monthLabel(month: string): string {
  const text = format(monthToDate(month), "LLLL 'de' yyyy", { locale: es });
  return text.charAt(0).toUpperCase() + text.slice(1);
}
