import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { DEFAULT_TIME_ZONE } from './format';

/** Event rules shared by the server (authoritative) and the web (badges, lists, calendar). */

export const eventStatuses = ['Programado', 'Activo', 'Finalizado'] as const;
export type EventStatus = (typeof eventStatuses)[number];

export const eventTypes = ['momentary', 'constant'] as const;
export type EventType = (typeof eventTypes)[number];

/** Spec section 9: seven repeat days, Monday=0 to Sunday=6. */
export const repeatDayLabels = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'] as const;

/** Spec section 9: the manage-events list names at most three people, then '+N más'. */
export const MAX_LISTED_ASSIGNEES = 3;

/** Spec section 9: the calendar draws at most three dots per day. */
export const MAX_CALENDAR_DOTS = 3;

/** A constant event may span at most this many days, so one request cannot create thousands of rows. */
export const MAX_CONSTANT_EVENT_DAYS = 366;

export const MISSING_USER_NAME = 'Usuario no encontrado';

/**
 * Decision 1: status follows time. Programado before the start, Activo from the start (inclusive)
 * to the end (exclusive), Finalizado from the end on. The SQL filters use the same boundaries.
 */
export function eventStatusAt(event: { date: Date | string; endDate: Date | string }, now: Date): EventStatus {
  const at = now.getTime();
  if (at < new Date(event.date).getTime()) return 'Programado';
  if (at < new Date(event.endDate).getTime()) return 'Activo';
  return 'Finalizado';
}

/** Spec section 4: a lower-case 'activo' also counts as active (green badge). */
export function isActiveStatus(status: string | null | undefined): boolean {
  return status?.toLowerCase() === 'activo';
}

/** Monday=0 … Sunday=6, from JavaScript's Sunday=0 … Saturday=6. */
export function repeatDayOf(jsWeekday: number): number {
  return (jsWeekday + 6) % 7;
}

function inZone(instant: Date | string, timeZone: string): TZDate {
  return new TZDate(new Date(instant).getTime(), timeZone);
}

const dayKeyFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day 'yyyy-MM-dd' of an instant in the company time zone (decision 4). One Intl call
 * with a formatter kept per zone: a TZDate and format() took ~5 times as long, and the calendar,
 * the overview and the export ask for it per event and per record.
 */
export function dayKeyOf(instant: Date | string, timeZone = DEFAULT_TIME_ZONE): string {
  let formatter = dayKeyFormats.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, calendar: 'gregory', numberingSystem: 'latn', year: 'numeric', month: '2-digit', day: '2-digit' });
    dayKeyFormats.set(timeZone, formatter);
  }
  let year = '';
  let month = '';
  let day = '';
  for (const part of formatter.formatToParts(new Date(instant))) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  // date-fns' yyyy pads the year to four digits; Intl does not.
  return `${year.padStart(4, '0')}-${month}-${day}`;
}

/** The instant at a local wall-clock time on the day `dayOffset` days after the local day of `instant`. */
export function atLocalTime(instant: Date | string, dayOffset: number, hours: number, minutes = 0, timeZone = DEFAULT_TIME_ZONE): Date {
  const day = inZone(instant, timeZone);
  return new Date(new TZDate(day.getFullYear(), day.getMonth(), day.getDate() + dayOffset, hours, minutes, 0, timeZone).getTime());
}

export interface Occurrence {
  start: Date;
  end: Date;
}

/**
 * Spec section 4: one occurrence for each date between the start and the end whose weekday is in
 * repeatDays, with the start's and the end's times of day. Dates and times of day are read in the
 * company time zone, so a shift keeps its wall-clock hours across the DST changes. When the end's
 * time of day is not after the start's (a night shift, 22:00 to 06:00), each occurrence ends the next
 * day; only occurrences that fit inside the range are kept. Returns [] when no date matches.
 */
export function expandConstantEvent(
  range: { start: Date | string; end: Date | string; repeatDays: readonly number[] },
  timeZone = DEFAULT_TIME_ZONE,
): Occurrence[] {
  const rangeStart = inZone(range.start, timeZone);
  const rangeEnd = inZone(range.end, timeZone);
  const rangeEndTime = rangeEnd.getTime();
  if (!(rangeStart.getTime() < rangeEndTime)) return [];
  const days = new Set(range.repeatDays);
  const startClock = [rangeStart.getHours(), rangeStart.getMinutes(), rangeStart.getSeconds()] as const;
  const endClock = [rangeEnd.getHours(), rangeEnd.getMinutes(), rangeEnd.getSeconds()] as const;
  const overnight = endClock[0] * 3600 + endClock[1] * 60 + endClock[2] <= startClock[0] * 3600 + startClock[1] * 60 + startClock[2];
  const occurrences: Occurrence[] = [];
  for (let offset = 0; offset <= MAX_CONSTANT_EVENT_DAYS; offset++) {
    // Day arithmetic on the local date (not +24 h) so a 23 h or 25 h day still advances one date.
    const day = new TZDate(rangeStart.getFullYear(), rangeStart.getMonth(), rangeStart.getDate() + offset, 12, 0, 0, timeZone);
    if (format(day, 'yyyy-MM-dd') > format(rangeEnd, 'yyyy-MM-dd')) break;
    if (!days.has(repeatDayOf(day.getDay()))) continue;
    const start = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), ...startClock, timeZone);
    const end = new TZDate(day.getFullYear(), day.getMonth(), day.getDate() + (overnight ? 1 : 0), ...endClock, timeZone);
    if (end.getTime() > rangeEndTime) continue;
    occurrences.push({ start: new Date(start.getTime()), end: new Date(end.getTime()) });
  }
  return occurrences;
}

/** Whole local calendar days a range touches, counting both ends (for the span limit). */
export function calendarDaysSpanned(start: Date | string, end: Date | string, timeZone = DEFAULT_TIME_ZONE): number {
  const from = inZone(start, timeZone);
  const to = inZone(end, timeZone);
  const fromNoon = Date.UTC(from.getFullYear(), from.getMonth(), from.getDate());
  const toNoon = Date.UTC(to.getFullYear(), to.getMonth(), to.getDate());
  return Math.round((toNoon - fromNoon) / 86_400_000) + 1;
}

export interface ListedNames {
  visible: string[];
  hiddenCount: number;
  /** '+N más', or null when every name is visible. */
  moreLabel: string | null;
}

/** Spec section 2 screen 12: at most three assigned names, then '+N más'. */
export function summarizeAssigneeNames(names: readonly string[], limit = MAX_LISTED_ASSIGNEES): ListedNames {
  const visible = names.slice(0, limit);
  const hiddenCount = Math.max(0, names.length - visible.length);
  return { visible, hiddenCount, moreLabel: hiddenCount > 0 ? `+${hiddenCount} más` : null };
}

/**
 * The overview calendar: events grouped by the local day they start on, each day's events by start,
 * so a click opens the day's first event. Use `Math.min(events.length, MAX_CALENDAR_DOTS)` dots.
 */
export function groupEventsByDay<T extends { date: string; id: string }>(events: readonly T[], timeZone = DEFAULT_TIME_ZONE): Map<string, T[]> {
  const sorted = [...events].sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
  const days = new Map<string, T[]>();
  for (const event of sorted) {
    const key = dayKeyOf(event.date, timeZone);
    const list = days.get(key);
    if (list) list.push(event);
    else days.set(key, [event]);
  }
  return days;
}

export function calendarDotCount(eventsThatDay: number): number {
  return Math.max(0, Math.min(eventsThatDay, MAX_CALENDAR_DOTS));
}
