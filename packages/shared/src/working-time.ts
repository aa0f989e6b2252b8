import { DEFAULT_TIME_ZONE } from './format';

/**
 * Working-time rules (Estatuto de los Trabajadores arts. 34 and 35, or a company's convenio) and
 * the pure arithmetic of the legal record: jornadas, daily and monthly totals, overtime and rule
 * breaks. Shared by the server (monthly record, assignment warnings) and the web (labels).
 */
export interface WorkingTimeRules {
  /** Ordinary hours a day; worked time beyond it is overtime (art. 34.3). */
  maxDailyHours: number;
  /** Hours between the end of one jornada and the start of the next (art. 34.3). */
  minRestHours: number;
  /** Overtime hours a calendar year (art. 35.2). */
  maxYearlyOvertimeHours: number;
  /** Worked hours a month, when the convenio caps them (e.g. 162 in private security); null: no cap. */
  maxMonthlyHours: number | null;
}

/** A company without its own rules follows the Estatuto. */
export const ESTATUTO_RULES: WorkingTimeRules = Object.freeze({
  maxDailyHours: 9,
  minRestHours: 12,
  maxYearlyOvertimeHours: 80,
  maxMonthlyHours: null,
});

/**
 * A pause shorter than this continues the same jornada even across midnight (a night shift with a
 * break at 00:00); a longer one on another local day starts a new jornada.
 */
export const JORNADA_CONTINUATION_MINUTES = 120;

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const dayKeys = new Map<string, string>();
const QUARTER_HOUR_MS = 900_000;

/**
 * The local day 'yyyy-MM-dd' of an instant, fast enough for a company's year of records: every time
 * zone offset is a whole number of quarter hours, so the day is cached per UTC quarter hour.
 */
export function localDayKey(instant: string | number, timeZone = DEFAULT_TIME_ZONE): string {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant);
  const key = `${timeZone}|${Math.floor(ms / QUARTER_HOUR_MS)}`;
  const cached = dayKeys.get(key);
  if (cached) return cached;
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(ms).map((part) => [part.type, part.value]));
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  if (dayKeys.size > 200_000) dayKeys.clear();
  dayKeys.set(key, day);
  return day;
}

export interface WorkInterval {
  id: string;
  /** ISO UTC instants; end null while the record is still open. */
  start: string;
  end: string | null;
  /** The values come from an approved correction. */
  corrected?: boolean;
  /** A planned event (assignment warnings), not a clocked record. */
  planned?: boolean;
}

export const ruleKinds = ['daily-max', 'min-rest', 'yearly-overtime', 'monthly-max'] as const;
export type RuleKind = (typeof ruleKinds)[number];

export interface RuleBreak {
  rule: RuleKind;
  /** The jornada's day 'yyyy-MM-dd' (company time zone) where the break shows. */
  day: string;
  /** Worked, rested or accumulated minutes, compared with the limit. */
  actualMinutes: number;
  limitMinutes: number;
  /** By how much the limit is exceeded (or, for the rest, how much rest is missing). */
  excessMinutes: number;
  /** Spanish, e.g. 'Descanso entre jornadas: 9 h, mínimo 12 h (faltan 3 h)'. */
  message: string;
}

export interface Jornada {
  /** The local day 'yyyy-MM-dd' on which the jornada starts: it owns all of its time. */
  day: string;
  intervals: WorkInterval[];
  start: string;
  /** The last end, or null while a record is open. */
  end: string | null;
  /**
   * Real elapsed minutes of the union of the closed intervals (a night across a DST change is 7 h
   * or 9 h; time covered by two overlapping intervals counts once).
   */
  workedMinutes: number;
  /** Minutes beyond the daily ordinary limit. */
  overtimeMinutes: number;
  /** Minutes since the previous jornada ended, or null when there is none (or it is still open). */
  restBeforeMinutes: number | null;
  /** Overtime of the calendar year up to and including this jornada. */
  yearOvertimeMinutes: number;
  /** Worked minutes of the calendar month up to and including this jornada. */
  monthWorkedMinutes: number;
  breaks: RuleBreak[];
}

/** '9 h', '1 h 30 min', '45 min'. */
export function formatHoursMinutes(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** Whole minutes of an interval: real elapsed time, never negative; 0 while open. */
export function intervalMinutes(interval: Pick<WorkInterval, 'start' | 'end'>): number {
  if (interval.end === null) return 0;
  const ms = Date.parse(interval.end) - Date.parse(interval.start);
  return Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 60_000) : 0;
}

/**
 * Whole minutes of the union of intervals: time covered by two overlapping intervals (a double
 * booking, a record overlapping another) is counted once. By start (the longer first on a tie),
 * each interval adds only its part not already covered by those before it, floored to whole
 * minutes like intervalMinutes: so disjoint intervals give exactly their sum, the union is never
 * more than the sum nor than the span, and the order they come in does not matter. Open
 * intervals add nothing.
 */
export function unionMinutes(intervals: ReadonlyArray<Pick<WorkInterval, 'start' | 'end'>>): number {
  const closed = intervals
    .filter((item) => item.end !== null)
    .map((item) => [Date.parse(item.start), Date.parse(item.end as string)] as const)
    .filter(([start, end]) => Number.isFinite(start) && Number.isFinite(end) && end > start)
    .sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let coveredUntil = -Infinity;
  let minutes = 0;
  for (const [start, end] of closed) {
    const from = Math.max(start, coveredUntil);
    if (end > from) minutes += Math.floor((end - from) / 60_000);
    coveredUntil = Math.max(coveredUntil, end);
  }
  return minutes;
}

/** An instant as an ISO string, a Date or epoch milliseconds (what a caller already holds, parsed once). */
type Instant = string | Date | number;

/** Whether two intervals share some time (touching ends, 10:00–14:00 and 14:00–18:00, do not). */
export function intervalsOverlap(a: { start: Instant; end: Instant }, b: { start: Instant; end: Instant }): boolean {
  const time = (value: Instant) => (typeof value === 'string' ? Date.parse(value) : typeof value === 'number' ? value : value.getTime());
  return time(a.start) < time(b.end) && time(b.start) < time(a.end);
}

const ruleLabels: Record<RuleKind, { label: string; limit: 'máximo' | 'mínimo'; excess: 'exceso' | 'faltan' }> = {
  'daily-max': { label: 'Jornada diaria', limit: 'máximo', excess: 'exceso' },
  'min-rest': { label: 'Descanso entre jornadas', limit: 'mínimo', excess: 'faltan' },
  'yearly-overtime': { label: 'Horas extra del año', limit: 'máximo', excess: 'exceso' },
  'monthly-max': { label: 'Horas del mes', limit: 'máximo', excess: 'exceso' },
};

export function ruleBreakMessage(rule: RuleKind, actualMinutes: number, limitMinutes: number): string {
  const { label, limit, excess } = ruleLabels[rule];
  const by = Math.abs(actualMinutes - limitMinutes);
  return `${label}: ${formatHoursMinutes(actualMinutes)}, ${limit} ${formatHoursMinutes(limitMinutes)} (${excess} ${formatHoursMinutes(by)})`;
}

function ruleBreak(rule: RuleKind, day: string, actualMinutes: number, limitMinutes: number): RuleBreak {
  return { rule, day, actualMinutes, limitMinutes, excessMinutes: Math.abs(actualMinutes - limitMinutes), message: ruleBreakMessage(rule, actualMinutes, limitMinutes) };
}

function byStart(a: WorkInterval, b: WorkInterval): number {
  return a.start < b.start ? -1 : a.start > b.start ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Groups one worker's intervals into jornadas: an interval joins the current jornada when it starts
 * on the jornada's local day or within JORNADA_CONTINUATION_MINUTES of the previous end; otherwise
 * it starts a new jornada on its own local day. Totals and breaks are filled by evaluateJornadas.
 */
export function groupJornadas(intervals: readonly WorkInterval[], timeZone = DEFAULT_TIME_ZONE): Jornada[] {
  const jornadas: Jornada[] = [];
  for (const interval of [...intervals].sort(byStart)) {
    const day = localDayKey(interval.start, timeZone);
    const current = jornadas.at(-1);
    const gap = current?.end ? (Date.parse(interval.start) - Date.parse(current.end)) / 60_000 : null;
    // An open record (never clocked out) ends nothing: the next day's record starts a new jornada.
    const continues = current !== undefined && (current.day === day || (gap !== null && gap < JORNADA_CONTINUATION_MINUTES));
    if (current && continues) {
      current.intervals.push(interval);
      current.end = current.end === null || interval.end === null ? null : interval.end > current.end ? interval.end : current.end;
      continue;
    }
    jornadas.push({
      day,
      intervals: [interval],
      start: interval.start,
      end: interval.end,
      workedMinutes: 0,
      overtimeMinutes: 0,
      restBeforeMinutes: null,
      yearOvertimeMinutes: 0,
      monthWorkedMinutes: 0,
      breaks: [],
    });
  }
  // Overlapping intervals (two events at once) are one stretch of work, not the sum of both.
  for (const jornada of jornadas) jornada.workedMinutes = unionMinutes(jornada.intervals);
  return jornadas;
}

/**
 * Fills overtime, rest, the running year and month totals and the rule breaks of jornadas sorted
 * by start. The running totals restart with each calendar year and month of the jornada's day, so
 * pass every jornada from the 1st of January to get the year's overtime right.
 */
export function evaluateJornadas(jornadas: Jornada[], rules: WorkingTimeRules): Jornada[] {
  const dailyLimit = Math.round(rules.maxDailyHours * 60);
  const restLimit = Math.round(rules.minRestHours * 60);
  const yearLimit = Math.round(rules.maxYearlyOvertimeHours * 60);
  const monthLimit = rules.maxMonthlyHours === null ? null : Math.round(rules.maxMonthlyHours * 60);
  let year = '';
  let month = '';
  let yearOvertime = 0;
  let monthWorked = 0;
  let previous: Jornada | undefined;
  for (const jornada of jornadas) {
    if (jornada.day.slice(0, 4) !== year) [year, yearOvertime] = [jornada.day.slice(0, 4), 0];
    if (jornada.day.slice(0, 7) !== month) [month, monthWorked] = [jornada.day.slice(0, 7), 0];
    jornada.breaks = [];
    jornada.overtimeMinutes = Math.max(0, jornada.workedMinutes - dailyLimit);
    yearOvertime += jornada.overtimeMinutes;
    monthWorked += jornada.workedMinutes;
    jornada.yearOvertimeMinutes = yearOvertime;
    jornada.monthWorkedMinutes = monthWorked;
    jornada.restBeforeMinutes = previous?.end ? Math.floor((Date.parse(jornada.start) - Date.parse(previous.end)) / 60_000) : null;

    if (jornada.overtimeMinutes > 0) jornada.breaks.push(ruleBreak('daily-max', jornada.day, jornada.workedMinutes, dailyLimit));
    if (jornada.restBeforeMinutes !== null && jornada.restBeforeMinutes < restLimit) {
      jornada.breaks.push(ruleBreak('min-rest', jornada.day, Math.max(0, jornada.restBeforeMinutes), restLimit));
    }
    if (jornada.overtimeMinutes > 0 && yearOvertime > yearLimit) jornada.breaks.push(ruleBreak('yearly-overtime', jornada.day, yearOvertime, yearLimit));
    if (monthLimit !== null && jornada.workedMinutes > 0 && monthWorked > monthLimit) {
      jornada.breaks.push(ruleBreak('monthly-max', jornada.day, monthWorked, monthLimit));
    }
    previous = jornada;
  }
  return jornadas;
}

/** Groups and evaluates in one go. */
export function buildJornadas(intervals: readonly WorkInterval[], rules: WorkingTimeRules, timeZone = DEFAULT_TIME_ZONE): Jornada[] {
  return evaluateJornadas(groupJornadas(intervals, timeZone), rules);
}

export interface MonthTotals {
  workedMinutes: number;
  overtimeMinutes: number;
  /** Overtime from the 1st of January to the end of the month. */
  yearOvertimeMinutes: number;
  breakCount: number;
}

/** Totals of the jornadas whose day falls in `month` ('yyyy-MM'); `jornadas` start on the 1st of January at the latest. */
export function monthTotals(jornadas: readonly Jornada[], month: string): MonthTotals {
  const inMonth = jornadas.filter((jornada) => jornada.day.startsWith(month));
  const upToMonth = jornadas.filter((jornada) => jornada.day.slice(0, 4) === month.slice(0, 4) && jornada.day.slice(0, 7) <= month);
  return {
    workedMinutes: inMonth.reduce((sum, jornada) => sum + jornada.workedMinutes, 0),
    overtimeMinutes: inMonth.reduce((sum, jornada) => sum + jornada.overtimeMinutes, 0),
    yearOvertimeMinutes: upToMonth.reduce((sum, jornada) => sum + jornada.overtimeMinutes, 0),
    breakCount: inMonth.reduce((sum, jornada) => sum + jornada.breaks.length, 0),
  };
}

/**
 * Assignment warnings: the breaks that adding `planned` to `existing` creates or worsens (a break
 * already there with the same excess is not the new assignment's doing).
 */
export function breaksCausedBy(
  existing: readonly WorkInterval[],
  planned: readonly WorkInterval[],
  rules: WorkingTimeRules,
  timeZone = DEFAULT_TIME_ZONE,
): RuleBreak[] {
  const keyOf = (item: RuleBreak) => `${item.rule}|${item.day}`;
  const before = new Map(buildJornadas(existing, rules, timeZone).flatMap((jornada) => jornada.breaks).map((item) => [keyOf(item), item]));
  const after = buildJornadas([...existing, ...planned], rules, timeZone).flatMap((jornada) => jornada.breaks);
  const caused = after.filter((item) => {
    const old = before.get(keyOf(item));
    return !old || item.excessMinutes > old.excessMinutes;
  });
  // A running total over its cap breaks again on every later day: say it once, at its highest.
  const periodOf = (item: RuleBreak) => (item.rule === 'yearly-overtime' ? item.day.slice(0, 4) : item.rule === 'monthly-max' ? item.day.slice(0, 7) : null);
  const highest = new Map<string, RuleBreak>();
  for (const item of caused) {
    const period = periodOf(item);
    if (period !== null) highest.set(`${item.rule}|${period}`, item);
  }
  return caused.filter((item) => {
    const period = periodOf(item);
    return period === null || highest.get(`${item.rule}|${period}`) === item;
  });
}
