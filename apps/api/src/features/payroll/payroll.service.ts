import type { Kysely } from 'kysely';
import { dayStartInstant, monthRange, nextPlainDay } from '@jornada/shared/format';
import { addConceptMinutes, conceptTotalMinutes, createConceptSplitter, createLocalDayOf, emptyConceptMinutes, type ConceptMinutes } from '@jornada/shared/payroll/concept-split';
import { periodOvertime } from '@jornada/shared/payroll/overtime';
import { payAmounts } from '@jornada/shared/payroll/pay';
import type { PayRules } from '@jornada/shared/schemas/pay-rules';
import { payrollSheetSchema, type MyPayrollResponse, type PayrollAmounts, type PayrollExportQuery, type PayrollLine, type PayrollRecordMark, type PayrollResponse, type PayrollSheet } from '@jornada/shared/schemas/payroll';
import type { DB } from '../../db/schema';
import { scopeOf, type Actor } from '../../lib/authorization';
import { isUniqueViolation } from '../../lib/db-errors';
import type { ServiceDeps } from '../../lib/deps';
import { badRequest, forbidden } from '../../lib/errors';
import { resolveManagedCompany, scopedCompanyId } from '../../lib/managed-company';
import { appendAction, appendActorAction } from '../../ledgers/action-log/action-log';
import { holidayDatesBetween } from '../holidays/holidays.service';
import { getPayRulesOf } from '../pay-rules/pay-rules.service';
import { workingTimeRulesOf } from '../registro/working-time-rules.service';
import { payrollExportRows, type PayrollExport } from './payroll-export';
import * as repository from './payroll.repository';

export interface PayrollDeps extends ServiceDeps {
  timeZone: string;
  /** Test seam: the company's pay rules (default: the pay-rules feature's reader). */
  payRulesOf?: (db: Kysely<DB>, companyId: string) => Promise<PayRules>;
}

/** Months from January 2020 to December of next year, as 'Pagos'. */
function checkMonthInRange(month: string, now: Date): void {
  const lastYear = now.getUTCFullYear() + 1;
  if (month < '2020-01' || month > `${lastYear}-12`) throw badRequest(`El mes debe estar entre 2020-01 y ${lastYear}-12.`);
}

const MARKS = new Set<PayrollRecordMark>(['sin-conexion', 'fuera-de-zona', 'cierre-automatico']);

function marksOf(record: { flags: string; corrected: number }): PayrollRecordMark[] {
  const marks = record.flags
    .split(',')
    .map((flag) => flag.trim())
    .filter((flag): flag is PayrollRecordMark => MARKS.has(flag as PayrollRecordMark));
  // Amended (1) or added by an approved 'Alta de fichaje' (CORRECTED_ADDED): both made by a correction.
  if (Number(record.corrected) !== 0) marks.push('corregido');
  return marks;
}

function zeroAmounts(): PayrollAmounts {
  return { baseCents: 0, nightPlusCents: 0, holidayPlusCents: 0, overtimeCents: 0, plusesCents: 0, totalCents: 0 };
}

function lastDayOf(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
}

/**
 * The live payroll sheet of a company's month (decision 041):
 *
 * - records: the completed ones that started in the month (company time zone), as 'Pagos' counts
 *   them; an amended record counts with its amended times;
 * - concepts: each record split to the minute by the company's night window and holidays;
 * - overtime: per local day of the records' start, minutes beyond maxDailyHours of 'Normas de
 *   Jornada', plus the month's minutes beyond its annual jornada (yearlyOrdinaryHours) not already
 *   daily overtime, counting the minutes of the year before the month (yearToDateMinutes). There
 *   is no weekly limit yet, so the weekly term is off (null); the yearly cap on overtime
 *   (maxYearlyOvertimeHours) limits what may be worked, not how an hour is paid: not applied here;
 * - rates: the ordinary rate is the highest category price the employee holds (as 'Pagos'); the
 *   night and holiday pluses and the overtime rule are the company's, overridden by that
 *   category's override when it has one; the monthly pluses are those of every category held;
 * - 'Por Convenio' (no price): the minutes show, the amounts are null.
 */
export async function computePayrollSheet(deps: PayrollDeps, companyId: string, month: string): Promise<PayrollSheet> {
  const { lines, dailyLimitMinutes, weeklyLimitMinutes, yearlyLimitMinutes } = await payrollLines(deps, companyId, month);
  const totals = { minutes: emptyConceptMinutes(), workedMinutes: 0, overtimeMinutes: 0, yearlyOvertimeMinutes: 0, amounts: zeroAmounts(), flaggedCount: 0, withoutRateCount: 0 };
  for (const line of lines) {
    if (line.amounts) {
      for (const key of Object.keys(totals.amounts) as (keyof PayrollAmounts)[]) totals.amounts[key] += line.amounts[key];
    } else {
      totals.withoutRateCount += 1;
    }
    addConceptMinutes(totals.minutes, line.minutes);
    totals.workedMinutes += line.workedMinutes;
    totals.overtimeMinutes += line.overtimeMinutes;
    totals.yearlyOvertimeMinutes += line.yearlyOvertimeMinutes;
    totals.flaggedCount += line.flaggedCount;
  }
  return { month, companyId, timeZone: deps.timeZone, dailyLimitMinutes, weeklyLimitMinutes, yearlyLimitMinutes, computedAt: deps.clock().toISOString(), lines, totals };
}

/**
 * The sheet's lines: everyone's, or only `onlyUserId`'s ('Mis Horas'), read with that person's
 * records and categories alone but computed by the same code, so the two agree to the cent.
 */
async function payrollLines(deps: PayrollDeps, companyId: string, month: string, onlyUserId?: string) {
  const range = monthRange(month, deps.timeZone);
  const from = `${month}-01`;
  const to = lastDayOf(month);
  const limitsRead = workingTimeRulesOf(deps.db, companyId);
  // The year before the month counts only when the company has an annual jornada.
  const yearToDateRead = limitsRead.then((limits) => (limits.yearlyOrdinaryHours === null ? new Map<string, number>() : yearToDateMinutes(deps, companyId, month, dailyLimitOf(limits), onlyUserId)));
  const [employees, records, categories, rules, holidays, limits, yearToDate] = await Promise.all([
    repository.listEmployees(deps.db, companyId, onlyUserId),
    repository.listCompletedRecords(deps.db, companyId, { from: range.start.toISOString(), to: range.end.toISOString() }, onlyUserId),
    repository.listUserCategories(deps.db, companyId, onlyUserId),
    (deps.payRulesOf ?? getPayRulesOf)(deps.db, companyId),
    // A record starting on the month's last evening runs into the next month's first day.
    holidayDatesBetween(deps.db, companyId, from, nextDay(to)),
    limitsRead,
    yearToDateRead,
  ]);
  const split = createConceptSplitter({ timeZone: deps.timeZone, nightWindow: rules.nightWindow, holidays, sundaysAreHolidays: rules.sundaysAreHolidays });
  const localDayOf = createLocalDayOf(deps.timeZone);
  const dailyLimitMinutes = dailyLimitOf(limits);
  const weeklyLimitMinutes = null;
  const yearlyLimitMinutes = limits.yearlyOrdinaryHours === null ? null : Math.round(limits.yearlyOrdinaryHours * 60);

  const recordsOf = new Map<string, typeof records>();
  for (const record of records) {
    const list = recordsOf.get(record.user_id);
    if (list) list.push(record);
    else recordsOf.set(record.user_id, [record]);
  }
  const categoriesOf = new Map<string, { categoryId: string; priceCents: number | null }[]>();
  for (const row of categories) {
    const list = categoriesOf.get(row.user_id) ?? [];
    list.push({ categoryId: row.category_id, priceCents: row.price_cents === null ? null : Number(row.price_cents) });
    categoriesOf.set(row.user_id, list);
  }
  const overrideOf = new Map(rules.categories.map((override) => [override.categoryId, override]));

  const lines: PayrollLine[] = employees.map((employee) => {
    const minutes: ConceptMinutes = emptyConceptMinutes();
    const days: { day: string; minutes: number }[] = [];
    const flaggedRecords: PayrollLine['flaggedRecords'] = [];
    const own = recordsOf.get(employee.id) ?? [];
    for (const record of own) {
      const end = record.end_time as string;
      const recordMinutes = split(record.start_time, end);
      addConceptMinutes(minutes, recordMinutes);
      const worked = conceptTotalMinutes(recordMinutes);
      days.push({ day: localDayOf(record.start_time), minutes: worked });
      const marks = marksOf(record);
      if (marks.length > 0) flaggedRecords.push({ recordId: record.id, startTime: record.start_time, endTime: end, minutes: worked, marks });
    }
    const overtime = periodOvertime(days, { dailyLimitMinutes, weeklyLimitMinutes, yearlyLimitMinutes }, { period: { from, to }, yearToDateMinutes: yearToDate.get(employee.id) ?? 0 });
    const overtimeMinutes = overtime.overtimeMinutes;

    const held = categoriesOf.get(employee.id) ?? [];
    const priced = held.filter((category) => category.priceCents !== null).sort((a, b) => (b.priceCents as number) - (a.priceCents as number));
    const rateCategory = priced[0];
    const override = rateCategory ? overrideOf.get(rateCategory.categoryId) : undefined;
    const nightPlusPerHourCents = override?.nightPlusPerHourCents ?? rules.nightPlusPerHourCents;
    const holidayPlusPerHourCents = override?.holidayPlusPerHourCents ?? rules.holidayPlusPerHourCents;
    const pluses = held.flatMap((category) => overrideOf.get(category.categoryId)?.monthlyPluses ?? []).map((plus) => ({ name: plus.name, cents: plus.cents, ...(plus.code ? { code: plus.code } : {}) }));
    const plusesCents = pluses.reduce((sum, plus) => sum + plus.cents, 0);

    let amounts: PayrollAmounts | null = null;
    if (rateCategory) {
      const pay = payAmounts(minutes, overtimeMinutes, {
        hourlyRateCents: rateCategory.priceCents as number,
        nightPlusPerHourCents,
        holidayPlusPerHourCents,
        overtime: override?.overtime ?? rules.overtime,
        nightHoliday: rules.nightHoliday,
      });
      amounts = { ...pay, plusesCents, totalCents: pay.totalCents + plusesCents };
    }
    return {
      userId: employee.id,
      name: employee.name,
      minutes,
      workedMinutes: conceptTotalMinutes(minutes),
      overtimeMinutes,
      yearlyOvertimeMinutes: overtime.yearlyOvertimeMinutes,
      yearToDateMinutes: yearlyLimitMinutes === null ? null : overtime.yearToDateMinutes,
      hourlyRateCents: rateCategory ? (rateCategory.priceCents as number) : null,
      nightPlusPerHourCents,
      holidayPlusPerHourCents,
      amounts,
      pluses,
      recordCount: own.length,
      flaggedCount: flaggedRecords.length,
      flaggedRecords,
    };
  });
  return { lines, dailyLimitMinutes, weeklyLimitMinutes, yearlyLimitMinutes };
}

function dailyLimitOf(limits: { maxDailyHours: number }): number {
  return Math.round(limits.maxDailyHours * 60);
}

/** A month's local days with the instants they begin and end in the zone. */
function localDaysOf(month: string, timeZone: string): repository.LocalDay[] {
  const days: repository.LocalDay[] = [];
  let start = dayStartInstant(`${month}-01`, timeZone).toISOString();
  for (let day = `${month}-01`; day.startsWith(month); ) {
    const next = nextPlainDay(day);
    const end = dayStartInstant(next, timeZone).toISOString();
    days.push({ day, start, end });
    [day, start] = [next, end];
  }
  return days;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Each worker's minutes of the year before `month` that count towards the annual jornada (worked
 * less daily overtime, by local day): one aggregate query per earlier month, not per worker. A
 * month at a time because SQLite answers in the serving thread: eleven queries of a month each
 * (~15,000 records for 500 people) cost less in all than one over the year (the grouping sorts
 * smaller sets) and leave the clock-ins of everyone else room between them.
 */
async function yearToDateMinutes(deps: PayrollDeps, companyId: string, month: string, dailyLimitMinutes: number, onlyUserId?: string): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  const year = month.slice(0, 4);
  for (let number = 1; number < Number(month.slice(5, 7)); number += 1) {
    if (number > 1) await yieldToEventLoop();
    const earlier = `${year}-${String(number).padStart(2, '0')}`;
    for (const [userId, minutes] of await repository.sumCountedMinutesByWorker(deps.db, companyId, localDaysOf(earlier, deps.timeZone), dailyLimitMinutes, onlyUserId)) {
      totals.set(userId, (totals.get(userId) ?? 0) + minutes);
    }
  }
  return totals;
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The closed snapshot when the month is closed, else computed now. */
async function sheetOf(deps: PayrollDeps, companyId: string, month: string): Promise<PayrollResponse> {
  const closure = await repository.findClosure(deps.db, companyId, month);
  if (closure) {
    const sheet = payrollSheetSchema.parse(JSON.parse(closure.sheet));
    return { ...sheet, closed: true, closedAt: closure.closed_at, closedByName: closure.closed_by_name };
  }
  const sheet = await computePayrollSheet(deps, companyId, month);
  return { ...sheet, closed: false, closedAt: null, closedByName: null };
}

/** The sheet for 'Pagos'. */
export async function getPayrollSheet(deps: PayrollDeps, actor: Actor, query: { month: string; companyId?: string }): Promise<PayrollResponse> {
  checkMonthInRange(query.month, deps.clock());
  return sheetOf(deps, scopedCompanyId(actor, query.companyId), query.month);
}

/**
 * The month's export rows (docs/payroll-export.md): the same sheet 'Pagos' shows (the frozen one
 * when the month is closed), with the company's concept codes as its pay rules hold them now (a
 * code is the payroll program's name for a concept, not a figure, so a code fixed after closing
 * applies). Unlike GET /payroll, a supervisor naming another company gets a 404, as the registro's
 * downloads: a file of their own company under the other's name would mislead. Logged as a download.
 */
export async function loadPayrollExport(deps: PayrollDeps, actor: Actor, query: PayrollExportQuery): Promise<PayrollExport> {
  const now = deps.clock();
  checkMonthInRange(query.month, now);
  const company = await resolveManagedCompany(deps.db, actor, query.companyId);
  const [sheet, rules, usernames] = await Promise.all([
    sheetOf(deps, company.id, query.month),
    (deps.payRulesOf ?? getPayRulesOf)(deps.db, company.id),
    repository.listUsernames(deps.db, company.id),
  ]);
  await appendActorAction(deps.db, actor, now, {
    companyId: company.id,
    kind: 'payroll.export',
    message: `${actor.name} ha descargado la nómina de ${query.month} (${query.format.toUpperCase()})`,
  });
  return { companyName: company.name, sheet, rows: payrollExportRows(sheet, rules.conceptCodes, usernames), generatedAt: now.toISOString() };
}

/**
 * 'Mis Horas': the caller's own line of the month's sheet: from the closed snapshot when the month
 * is closed, else computed now from the caller's records alone. Whose line is the session's user,
 * in the session's company: the request names only the month.
 */
export async function getMyPayroll(deps: PayrollDeps, actor: Actor, query: { month: string }): Promise<MyPayrollResponse> {
  checkMonthInRange(query.month, deps.clock());
  const scope = scopeOf(actor);
  if (scope.kind !== 'company') throw forbidden();
  const closure = await repository.findClosure(deps.db, scope.companyId, query.month);
  if (closure) {
    const sheet = payrollSheetSchema.parse(JSON.parse(closure.sheet));
    const line = sheet.lines.find((candidate) => candidate.userId === actor.userId) ?? null;
    return { month: query.month, line, dailyLimitMinutes: sheet.dailyLimitMinutes, computedAt: sheet.computedAt, closed: true, closedAt: closure.closed_at };
  }
  const { lines, dailyLimitMinutes } = await payrollLines(deps, scope.companyId, query.month, actor.userId);
  return { month: query.month, line: lines[0] ?? null, dailyLimitMinutes, computedAt: deps.clock().toISOString(), closed: false, closedAt: null };
}

/** Freezes the month's sheet as computed now; closing a closed month answers its snapshot. */
export async function closePayrollMonth(deps: PayrollDeps, actor: Actor, input: { month: string; companyId?: string }): Promise<PayrollResponse> {
  const now = deps.clock();
  checkMonthInRange(input.month, now);
  const companyId = scopedCompanyId(actor, input.companyId);
  const existing = await repository.findClosure(deps.db, companyId, input.month);
  if (existing) return getPayrollSheet(deps, actor, { month: input.month, companyId });
  const sheet = await computePayrollSheet(deps, companyId, input.month);
  try {
    await deps.db.transaction().execute(async (trx) => {
      await repository.insertClosure(trx, {
        company_id: companyId,
        month: input.month,
        closed_at: now.toISOString(),
        closed_by: actor.userId,
        closed_by_name: actor.name,
        sheet: JSON.stringify(sheet),
      });
      await appendAction(trx, {
        actorId: actor.userId,
        actorName: actor.name,
        companyId,
        kind: 'payroll.closed',
        message: `${actor.name} ha cerrado la nómina del mes ${input.month}`,
        at: now,
      });
    });
  } catch (error) {
    // Two closings at once: the first one's snapshot stands.
    if (!isUniqueViolation(error)) throw error;
  }
  return getPayrollSheet(deps, actor, { month: input.month, companyId });
}

/** Deletes the closure: the month is recomputed again. Reopening an open month changes nothing. */
export async function reopenPayrollMonth(deps: PayrollDeps, actor: Actor, input: { month: string; companyId?: string }): Promise<PayrollResponse> {
  const now = deps.clock();
  checkMonthInRange(input.month, now);
  const companyId = scopedCompanyId(actor, input.companyId);
  await deps.db.transaction().execute(async (trx) => {
    const deleted = await repository.deleteClosure(trx, companyId, input.month);
    if (deleted > 0) {
      await appendAction(trx, {
        actorId: actor.userId,
        actorName: actor.name,
        companyId,
        kind: 'payroll.reopened',
        message: `${actor.name} ha reabierto la nómina del mes ${input.month}`,
        at: now,
      });
    }
  });
  return getPayrollSheet(deps, actor, { month: input.month, companyId });
}
