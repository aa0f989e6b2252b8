import { tzOffset } from '@date-fns/tz';
import { DEFAULT_TIME_ZONE } from '../format';

/**
 * Splits a completed record's minutes into pay concepts (issue 26, decision 041). Every minute has
 * two independent flags, night and holiday, read from the company's local wall clock and calendar:
 *
 * - night: its local time of day is inside the night window [start, end) (which may cross
 *   midnight). On the daylight-saving nights the window is wall-clock time, so 22:00–06:00 holds
 *   7 real hours on the last Sunday of March and 9 on the last Sunday of October;
 * - holiday: its local date is in the company's holiday set, or is a Sunday when Sundays count.
 *   A night from 24 December 22:00 to 25 December 06:00 is 2 h of night on a working day and 6 h
 *   of night on a holiday.
 *
 * The four combinations are kept apart (`nightHoliday` is both): how such a minute is paid is the
 * pay rules' decision (pay.ts), not this split's. Minutes are whole like `durationMinutes`: the k-th
 * whole minute of the record (the one ending k minutes after its start) takes the flags of its
 * last instant, which for a record on whole minutes are the minute's own; the trailing part of a
 * minute is dropped, so the four parts always add up to `durationMinutes(start, end)`.
 *
 * The work is done per stretch between boundaries (offset changes, local midnights and window
 * edges), never per minute: a record costs a handful of steps.
 */
export interface ConceptMinutes {
  /** Neither night nor holiday. */
  ordinary: number;
  /** Night on a working day. */
  night: number;
  /** Daytime on a holiday. */
  holiday: number;
  /** Night on a holiday: counts for both pluses unless the pay rules say otherwise. */
  nightHoliday: number;
}

export type Concept = keyof ConceptMinutes;
export const concepts: readonly Concept[] = Object.freeze(['ordinary', 'night', 'holiday', 'nightHoliday']);

export function conceptOf(flags: { night: boolean; holiday: boolean }): Concept {
  if (flags.night) return flags.holiday ? 'nightHoliday' : 'night';
  return flags.holiday ? 'holiday' : 'ordinary';
}

export function emptyConceptMinutes(): ConceptMinutes {
  return { ordinary: 0, night: 0, holiday: 0, nightHoliday: 0 };
}

/** Adds `from` into `into` (a month's sum of its records) and returns `into`. */
export function addConceptMinutes(into: ConceptMinutes, from: ConceptMinutes): ConceptMinutes {
  into.ordinary += from.ordinary;
  into.night += from.night;
  into.holiday += from.holiday;
  into.nightHoliday += from.nightHoliday;
  return into;
}

export function conceptTotalMinutes(minutes: ConceptMinutes): number {
  return minutes.ordinary + minutes.night + minutes.holiday + minutes.nightHoliday;
}

/** Minutes that earn the night plus (night on any day). */
export function nightMinutesOf(minutes: ConceptMinutes): number {
  return minutes.night + minutes.nightHoliday;
}

/** Minutes that earn the holiday plus (any time of a holiday). */
export function holidayMinutesOf(minutes: ConceptMinutes): number {
  return minutes.holiday + minutes.nightHoliday;
}

/** Local wall-clock times 'HH:mm'. start > end crosses midnight; start = end means no night hours. */
export interface NightWindow {
  start: string;
  end: string;
}

export const DEFAULT_NIGHT_WINDOW: NightWindow = Object.freeze({ start: '22:00', end: '06:00' });

export interface ConceptSplitOptions {
  /** The company's IANA zone; Europe/Madrid by default. */
  timeZone?: string;
  /** Default 22:00–06:00; null: no night hours. */
  nightWindow?: NightWindow | null;
  /** Local dates 'yyyy-MM-dd' that are holidays (national, the community's and local ones). */
  holidays?: Iterable<string>;
  /** Sundays count as holidays (some convenios pay them alike). */
  sundaysAreHolidays?: boolean;
}

export type ConceptSplitter = (start: Date | string, end: Date | string) => ConceptMinutes;

const MINUTE = 60_000;
const QUARTER_HOUR = 900_000;
const DAY = 86_400_000;
const clockPattern = /^([01]\d|2[0-3]):([0-5]\d)$/;
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function clockMs(value: string): number {
  const match = clockPattern.exec(value);
  if (!match) throw new RangeError(`Invalid night window time: ${value}`);
  return (Number(match[1]) * 60 + Number(match[2])) * MINUTE;
}

/** Days since 1970-01-01 of a calendar day, with no time zone involved. */
function dayNumber(day: string): number {
  const match = dayPattern.exec(day);
  const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || !Number.isFinite(time) || new Date(time).toISOString().slice(0, 10) !== day) throw new RangeError(`Invalid holiday date: ${day}`);
  return time / DAY;
}

/*
 * A zone's UTC offsets per UTC day: the offset at the day's start, the one at its end and the
 * instant it changes (Infinity on the days it does not). Every offset change since the 1970s falls
 * on a quarter hour (the assumption of working-time's localDayKey) and no zone changes twice in a
 * day, so two reads tell a day without a change and a search over its 96 quarters finds the change.
 * A month of a company's records costs Intl some 30 reads, not a few per record.
 */
interface DayOffsets {
  before: number;
  after: number;
  change: number;
}
const offsetsByZone = new Map<string, Map<number, DayOffsets>>();
const DAYS_KEPT = 50_000;

function zoneOffsets(timeZone: string): (day: number) => DayOffsets {
  let cache = offsetsByZone.get(timeZone);
  if (!cache) {
    // tzOffset answers NaN for a zone Intl does not know: a bad setting, not a 0 offset.
    if (!Number.isFinite(tzOffset(timeZone, new Date(0)))) throw new RangeError(`Invalid time zone: ${timeZone}`);
    cache = new Map();
    offsetsByZone.set(timeZone, cache);
  }
  const days = cache;
  const offsetAt = (ms: number) => Math.round(tzOffset(timeZone, new Date(ms)) * MINUTE);
  return (day) => {
    let offsets = days.get(day);
    if (!offsets) {
      const dayStart = day * DAY;
      const before = offsetAt(dayStart);
      const after = offsetAt(dayStart + DAY - QUARTER_HOUR);
      let change = Infinity;
      if (after !== before) {
        let [low, high] = [0, DAY / QUARTER_HOUR - 1];
        while (high - low > 1) {
          const middle = Math.floor((low + high) / 2);
          if (offsetAt(dayStart + middle * QUARTER_HOUR) === before) low = middle;
          else high = middle;
        }
        change = dayStart + high * QUARTER_HOUR;
      }
      offsets = { before, after, change };
      if (days.size >= DAYS_KEPT) days.clear();
      days.set(day, offsets);
    }
    return offsets;
  };
}

/**
 * The local calendar day ('yyyy-MM-dd') of instants in a zone, from the same cached offsets as the
 * splitter: the payroll sheet files each record under the local day it starts, and Intl's
 * formatter costs ~20 µs a call, which for a month of a large company was most of the sheet's time.
 */
export function createLocalDayOf(timeZone: string = DEFAULT_TIME_ZONE): (instant: Date | string) => string {
  const offsetsOfDay = zoneOffsets(timeZone);
  const names = new Map<number, string>();
  return (instant) => {
    const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
    if (!Number.isFinite(ms)) throw new RangeError(`Invalid instant: ${String(instant)}`);
    const offsets = offsetsOfDay(Math.floor(ms / DAY));
    const day = Math.floor((ms + (ms < offsets.change ? offsets.before : offsets.after)) / DAY);
    let name = names.get(day);
    if (name === undefined) {
      name = new Date(day * DAY).toISOString().slice(0, 10);
      names.set(day, name);
    }
    return name;
  };
}

/**
 * A splitter with the company's settings parsed once (the holiday set, the window): a payroll
 * sheet calls it for every record of the month.
 */
export function createConceptSplitter(options: ConceptSplitOptions = {}): ConceptSplitter {
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const offsetsOfDay = zoneOffsets(timeZone);
  const window = options.nightWindow === undefined ? DEFAULT_NIGHT_WINDOW : options.nightWindow;
  const nightStart = window ? clockMs(window.start) : 0;
  const nightEnd = window ? clockMs(window.end) : 0;
  const hasNight = window !== null && nightStart !== nightEnd;
  const crossesMidnight = nightStart > nightEnd;
  const holidayDays = new Set<number>();
  for (const day of options.holidays ?? []) holidayDays.add(dayNumber(day));
  const sundays = options.sundaysAreHolidays === true;

  const offsetAt = (ms: number) => {
    const day = offsetsOfDay(Math.floor(ms / DAY));
    return ms < day.change ? day.before : day.after;
  };
  /** Where the offset in force at `from` ends: the next change, or `to`. */
  const stretchEnd = (from: number, to: number, offset: number): number => {
    for (let day = Math.floor(from / DAY); day * DAY < to; day++) {
      const offsets = offsetsOfDay(day);
      if (day * DAY > from && offsets.before !== offset) return day * DAY;
      if (offsets.change > from && Number.isFinite(offsets.change)) return Math.min(offsets.change, to);
    }
    return to;
  };
  const isNight = (timeOfDay: number) =>
    hasNight && (crossesMidnight ? timeOfDay >= nightStart || timeOfDay < nightEnd : timeOfDay >= nightStart && timeOfDay < nightEnd);
  // 1970-01-01 (day 0) was a Thursday: day + 4 ≡ 0 (mod 7) on Sundays.
  const isHoliday = (day: number) => holidayDays.has(day) || (sundays && (((day + 4) % 7) + 7) % 7 === 0);

  return (start, end) => {
    const result = emptyConceptMinutes();
    const startMs = typeof start === 'string' ? Date.parse(start) : start.getTime();
    const endMs = typeof end === 'string' ? Date.parse(end) : end.getTime();
    // durationMinutes' own arithmetic, on instants already parsed: NaN, reversed or under a minute is 0.
    if (!(endMs - startMs >= MINUTE)) return result;

    let cursor = startMs;
    // Whole minutes elapsed from the record's start up to the cursor: each segment adds the
    // difference, so the parts telescope to exactly durationMinutes.
    let elapsedBefore = 0;
    while (cursor < endMs) {
      const offset = offsetAt(cursor);
      const stretch = stretchEnd(cursor, endMs, offset);

      // Inside it, local time is the instant plus the offset: step by local midnights and edges.
      while (cursor < stretch) {
        const local = cursor + offset;
        const day = Math.floor(local / DAY);
        const timeOfDay = local - day * DAY;
        let nextEdge = DAY;
        if (hasNight) {
          if (nightStart > timeOfDay && nightStart < nextEdge) nextEdge = nightStart;
          if (nightEnd > timeOfDay && nightEnd < nextEdge) nextEdge = nightEnd;
        }
        const segmentEnd = Math.min(stretch, day * DAY + nextEdge - offset);
        const elapsedAfter = Math.floor((segmentEnd - startMs) / MINUTE);
        const minutes = elapsedAfter - elapsedBefore;
        if (minutes > 0) {
          const night = isNight(timeOfDay);
          if (isHoliday(day)) result[night ? 'nightHoliday' : 'holiday'] += minutes;
          else result[night ? 'night' : 'ordinary'] += minutes;
        }
        elapsedBefore = elapsedAfter;
        cursor = segmentEnd;
      }
    }
    return result;
  };
}

/** One record's concept minutes; for many records, create the splitter once. */
export function splitConcepts(start: Date | string, end: Date | string, options: ConceptSplitOptions = {}): ConceptMinutes {
  return createConceptSplitter(options)(start, end);
}
