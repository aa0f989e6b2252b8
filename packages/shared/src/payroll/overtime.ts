/**
 * Overtime of a period from a worker's minutes per day (issue 26, decision 041). The rule:
 *
 *   overtime = Σ days  max(0, worked − daily limit)                       (daily overtime)
 *            + Σ weeks max(0, Σ days of the week min(worked, daily limit) − weekly limit)
 *            + Σ years max(0, Σ days of the year ordinary − yearly limit)  (yearly overtime)
 *
 * The second term is the week's minutes beyond the weekly limit not already counted as daily
 * overtime: max(0, week worked − weekly limit − week's daily overtime), written without the
 * subtraction. Weeks run Monday to Sunday by calendar day. A week's overtime is booked on the day
 * its ordinary minutes cross the weekly limit (and the days after), so a week split by the end of
 * a month puts each minute in the month it was worked.
 *
 * The third term does the same for the calendar year and the convenio's annual jornada: a day's
 * ordinary minutes are its worked minutes less its daily and weekly overtime, and the year's
 * overtime is booked on the day they cross the yearly limit and on every day after it. A month
 * alone does not know the year before it: the caller passes the ordinary minutes of the year worked
 * before the first day it gives (`yearToDateMinutes`), so each month books exactly the minutes
 * worked beyond the limit in it, and the months of a year add up to the year computed at once.
 *
 * A day is the working-time jornada's day (working-time.ts: the local day a jornada starts, with
 * its worked minutes as the union of its records), so these figures agree with the monthly record.
 * Pass the whole weeks around the period: the days before `from` in its first week count towards
 * that week's limit without being reported.
 */
export interface OvertimeLimits {
  /** Ordinary minutes a day (maxDailyHours × 60); null: no daily limit. */
  dailyLimitMinutes: number | null;
  /** Ordinary minutes a week; null: no weekly limit. */
  weeklyLimitMinutes: number | null;
  /** Ordinary minutes a calendar year (the convenio's annual jornada × 60); absent or null: no yearly limit. */
  yearlyLimitMinutes?: number | null;
}

export interface OvertimeOptions {
  /** Reported days: [from, to], calendar days, both included (default: every day given). */
  period?: { from: string; to: string };
  /**
   * Minutes of the period's year (the year of `period.from`, else of the first day given), worked
   * on days of that year before the first one given, that count towards the yearly limit (worked
   * less daily and weekly overtime). Default 0. Any other year given starts from 0.
   */
  yearToDateMinutes?: number;
}

export interface DayMinutes {
  /** Calendar day 'yyyy-MM-dd'. */
  day: string;
  /** Worked minutes of the day; several entries for one day add up. */
  minutes: number;
}

export interface DayOvertime {
  day: string;
  workedMinutes: number;
  dailyOvertimeMinutes: number;
  weeklyOvertimeMinutes: number;
  yearlyOvertimeMinutes: number;
  /** daily + weekly + yearly. */
  overtimeMinutes: number;
}

export interface PeriodOvertime {
  /** The period's days with minutes, by day. */
  days: DayOvertime[];
  workedMinutes: number;
  dailyOvertimeMinutes: number;
  weeklyOvertimeMinutes: number;
  yearlyOvertimeMinutes: number;
  overtimeMinutes: number;
  /**
   * The minutes that count towards the yearly limit from the 1st of January to the period's last
   * reported day (the carry included): worked less daily and weekly overtime, the minutes beyond
   * the yearly limit included. The carry alone when no day is reported.
   */
  yearToDateMinutes: number;
}

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY = 86_400_000;

// A payroll sheet names the same thirty days for every worker: each is parsed and checked once.
const dayNumbers = new Map<string, number>();

function dayNumber(day: string): number {
  const known = dayNumbers.get(day);
  if (known !== undefined) return known;
  const index = parseDay(day);
  if (dayNumbers.size >= 10_000) dayNumbers.clear();
  dayNumbers.set(day, index);
  return index;
}

function parseDay(day: string): number {
  const match = dayPattern.exec(day);
  const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || !Number.isFinite(time) || new Date(time).toISOString().slice(0, 10) !== day) throw new RangeError(`Invalid day: ${day}`);
  return time / DAY;
}

/** The Monday starting a day's week, as days since 1970-01-01 (a Thursday). */
function weekOf(dayIndex: number): number {
  return dayIndex - ((((dayIndex + 3) % 7) + 7) % 7);
}

function checkMinutes(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be whole minutes ≥ 0: ${value}`);
}

/**
 * Daily, weekly and yearly overtime of the days in `options.period` (the whole input when no period
 * is given).
 */
export function periodOvertime(days: readonly DayMinutes[], limits: OvertimeLimits, options: OvertimeOptions = {}): PeriodOvertime {
  const { period, yearToDateMinutes: carry = 0 } = options;
  const { dailyLimitMinutes: dailyLimit, weeklyLimitMinutes: weeklyLimit } = limits;
  const yearlyLimit = limits.yearlyLimitMinutes ?? null;
  if (dailyLimit !== null) checkMinutes(dailyLimit, 'The daily limit');
  if (weeklyLimit !== null) checkMinutes(weeklyLimit, 'The weekly limit');
  if (yearlyLimit !== null) checkMinutes(yearlyLimit, 'The yearly limit');
  checkMinutes(carry, 'The year-to-date minutes');
  const from = period ? dayNumber(period.from) : -Infinity;
  const to = period ? dayNumber(period.to) : Infinity;

  const byDay = new Map<number, { day: string; minutes: number }>();
  for (const item of days) {
    checkMinutes(item.minutes, 'Worked minutes');
    const index = dayNumber(item.day);
    const entry = byDay.get(index);
    if (entry) entry.minutes += item.minutes;
    else byDay.set(index, { day: item.day, minutes: item.minutes });
  }

  const result: PeriodOvertime = { days: [], workedMinutes: 0, dailyOvertimeMinutes: 0, weeklyOvertimeMinutes: 0, yearlyOvertimeMinutes: 0, overtimeMinutes: 0, yearToDateMinutes: carry };
  let week = NaN;
  let weekOrdinary = 0;
  const sorted = [...byDay].sort((a, b) => a[0] - b[0]);
  // The carry is the period's year's; the lead-in days of a week started last year, or the days of
  // next year, count from nothing.
  const carryYear = period ? period.from.slice(0, 4) : sorted[0]?.[1].day.slice(0, 4);
  let year = '';
  let yearOrdinary = 0;
  for (const [index, { day, minutes }] of sorted) {
    if (weekOf(index) !== week) [week, weekOrdinary] = [weekOf(index), 0];
    if (day.slice(0, 4) !== year) [year, yearOrdinary] = [day.slice(0, 4), day.slice(0, 4) === carryYear ? carry : 0];
    const daily = dailyLimit === null ? 0 : Math.max(0, minutes - dailyLimit);
    const ordinary = minutes - daily;
    // The part of today's ordinary minutes that lies beyond the weekly limit.
    const weekly = weeklyLimit === null ? 0 : Math.max(0, weekOrdinary + ordinary - weeklyLimit) - Math.max(0, weekOrdinary - weeklyLimit);
    weekOrdinary += ordinary;
    // And the part of what is left that lies beyond the yearly limit.
    const counted = ordinary - weekly;
    const yearly = yearlyLimit === null ? 0 : Math.max(0, yearOrdinary + counted - yearlyLimit) - Math.max(0, yearOrdinary - yearlyLimit);
    yearOrdinary += counted;
    if (index < from || index > to) continue;
    result.days.push({ day, workedMinutes: minutes, dailyOvertimeMinutes: daily, weeklyOvertimeMinutes: weekly, yearlyOvertimeMinutes: yearly, overtimeMinutes: daily + weekly + yearly });
    result.workedMinutes += minutes;
    result.dailyOvertimeMinutes += daily;
    result.weeklyOvertimeMinutes += weekly;
    result.yearlyOvertimeMinutes += yearly;
    result.yearToDateMinutes = yearOrdinary;
  }
  result.overtimeMinutes = result.dailyOvertimeMinutes + result.weeklyOvertimeMinutes + result.yearlyOvertimeMinutes;
  return result;
}
