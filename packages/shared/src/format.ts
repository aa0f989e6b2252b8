import { format } from 'date-fns';
import { es } from 'date-fns/locale';
import { TZDate } from '@date-fns/tz';

export const DEFAULT_TIME_ZONE = 'Europe/Madrid';

/** Whole minutes between two instants; never negative. */
export function durationMinutes(start: Date | string, end: Date | string): number {
  const ms = new Date(end).getTime() - new Date(start).getTime();
  if (!Number.isFinite(ms) || ms < 0) return 0;
  return Math.floor(ms / 60000);
}

/** 'Xh Ym'; invalid or negative values read '0h 0m' (spec section 9). */
export function formatDuration(minutes: number | null | undefined): string {
  if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes < 0) return '0h 0m';
  const whole = Math.floor(minutes);
  return `${Math.floor(whole / 60)}h ${whole % 60}m`;
}

const euroFormatter = new Intl.NumberFormat('es-ES', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/** '22,50 €' */
export function formatEuros(amount: number): string {
  return `${euroFormatter.format(amount)} €`;
}

/** '22,50 €/hora', or 'Por Convenio' when no price is set. */
export function formatHourlyPrice(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price)) return 'Por Convenio';
  return `${formatEuros(price)}/hora`;
}

/** Prices travel as euros with 2 decimals but are stored as whole cents. */
export function eurosToCents(price: number | null): number | null {
  return price === null ? null : Math.round(price * 100);
}

export function centsToEuros(cents: number | null): number | null {
  return cents === null ? null : cents / 100;
}

/** 'sábado, 21 de noviembre de 2026' of a calendar day given as a date whose own fields are that day. */
export function formatLongDay(day: Date): string {
  return format(day, "EEEE, d 'de' MMMM 'de' yyyy", { locale: es });
}

/** 'sábado, 21 de noviembre de 2026' in the company time zone. */
export function formatLongDate(instant: Date | string, timeZone = DEFAULT_TIME_ZONE): string {
  return formatLongDay(new TZDate(new Date(instant).getTime(), timeZone));
}

/** '21/11/2026 22:36' in the company time zone. */
export function formatDateTime(instant: Date | string, timeZone = DEFAULT_TIME_ZONE): string {
  return format(new TZDate(new Date(instant).getTime(), timeZone), 'dd/MM/yyyy HH:mm', { locale: es });
}

/** 'HH:mm' in the company time zone. */
export function formatTime(instant: Date | string, timeZone = DEFAULT_TIME_ZONE): string {
  return format(new TZDate(new Date(instant).getTime(), timeZone), 'HH:mm', { locale: es });
}

/** The month key 'yyyy-MM' of an instant, in the company time zone. */
export function monthKeyOf(instant: Date | string, timeZone = DEFAULT_TIME_ZONE): string {
  return format(new TZDate(new Date(instant).getTime(), timeZone), 'yyyy-MM');
}

export const monthKeyPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Time-zone arithmetic goes through Intl (several µs); a month's bounds never change. */
const monthRanges = new Map<string, readonly [number, number]>();
const MONTH_RANGES_KEPT = 1000;

/** The UTC instants [start, end) of a month key in the company time zone. */
export function monthRange(monthKey: string, timeZone = DEFAULT_TIME_ZONE): { start: Date; end: Date } {
  const key = `${timeZone}|${monthKey}`;
  let range = monthRanges.get(key);
  if (!range) {
    if (!monthKeyPattern.test(monthKey)) throw new RangeError(`Invalid month key: ${monthKey}`);
    const [year, month] = monthKey.split('-').map(Number) as [number, number];
    range = [new TZDate(year, month - 1, 1, 0, 0, 0, timeZone).getTime(), new TZDate(year, month, 1, 0, 0, 0, timeZone).getTime()];
    if (monthRanges.size >= MONTH_RANGES_KEPT) monthRanges.clear();
    monthRanges.set(key, range);
  }
  return { start: new Date(range[0]), end: new Date(range[1]) };
}

/** The UTC instant at which a calendar day ('2026-11-21') begins in the company time zone. */
export function dayStartInstant(day: string, timeZone = DEFAULT_TIME_ZONE): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date, 0, 0, 0, timeZone).getTime());
}

/** The calendar day after a 'yyyy-MM-dd' day, as 'yyyy-MM-dd' (calendar arithmetic, no time zone). */
export function nextPlainDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

const localDateTimePattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A `datetime-local` value ('2026-11-21T09:00'), read as wall-clock time in the company time zone,
 * as an instant with its offset ('2026-11-21T09:00:00+01:00'); null when the value is not one.
 */
export function instantFromLocalDateTime(value: string, timeZone = DEFAULT_TIME_ZONE): string | null {
  const match = localDateTimePattern.exec(value);
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const local = new TZDate(year, month - 1, day, hours, minutes, seconds, timeZone);
  if (Number.isNaN(local.getTime()) || local.getMonth() !== month - 1) return null;
  return format(local, "yyyy-MM-dd'T'HH:mm:ssXXX");
}

/** The `datetime-local` value ('2026-11-21T09:00') of an instant in the company time zone; '' when invalid. */
export function localDateTimeOf(instant: Date | string, timeZone = DEFAULT_TIME_ZONE): string {
  const time = new Date(instant).getTime();
  if (!Number.isFinite(time)) return '';
  return format(new TZDate(time, timeZone), "yyyy-MM-dd'T'HH:mm");
}

/** Latitude and longitude to 4 decimals, or 'Ubicación no disponible'. */
export function formatLocation(location: { lat: number; lng: number } | null | undefined): string {
  if (!location || !Number.isFinite(location.lat) || !Number.isFinite(location.lng)) return 'Ubicación no disponible';
  return `${location.lat.toFixed(4)}, ${location.lng.toFixed(4)}`;
}

/** Attachment sizes in KB with 2 decimals: '12,35 KB'. */
export function formatKilobytes(bytes: number): string {
  return `${euroFormatter.format(bytes / 1024)} KB`;
}
