import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAY_RULES } from '@jornada/shared/schemas/pay-rules';
import { insertRecord } from '../registro/registro.test-support';
import { lastAction } from '../../test/last-action';
import { signInAs, type SignedInUser } from '../../test/sign-in';
import { createTestClock, createTestContext, type TestContext } from '../../test/test-app';
import { computePayrollSheet } from './payroll.service';

/*
 * Issue 26: overtime beyond the yearly limit, the convenio's annual jornada ('Normas de Jornada').
 * A crafted 2026 in Madrid with a 25 h annual jornada and a 9 h day; the sheet of June books the
 * minutes of June beyond it, counting the year before June.
 */

let ctx: TestContext;
let company: { id: string };
let supervisor: SignedInUser;
let admin: SignedInUser;
let ana: SignedInUser;
let beto: SignedInUser;

const h = (hours: number) => hours * 60;
const MONTH = '2026-06';
const putRules = (cookie: string, payload: object) => ctx.request({ method: 'PUT', url: '/api/registro/rules', cookie, payload });
const getRules = (cookie: string) => ctx.request({ method: 'GET', url: '/api/registro/rules', cookie });
const sheet = async (month = MONTH) => {
  const response = await ctx.request({ method: 'GET', url: `/api/payroll?month=${month}`, cookie: supervisor.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const lineOf = (body: { lines: Array<{ userId: string }> }, userId: string) => body.lines.find((line) => line.userId === userId);
const record = (user: SignedInUser, start: string, end: string) => insertRecord(ctx.db, { companyId: company.id, userId: user.id, start, end });
const ESTATUTO = { maxDailyHours: 9, minRestHours: 12, maxYearlyOvertimeHours: 80, maxMonthlyHours: null };

beforeAll(async () => {
  ctx = await createTestContext({ clock: createTestClock('2026-07-08T10:00:00.000Z') });
  company = await ctx.factories.company('Anual');
  supervisor = await signInAs(ctx, 'Supervisor', company.id, { name: 'Sonia Supervisora' });
  admin = await signInAs(ctx, 'Administrador');
  ana = await signInAs(ctx, 'Empleado', company.id, { name: 'Ana Anual', categoryIds: ['cat-vigilante'] });
  beto = await signInAs(ctx, 'Empleado', company.id, { name: 'Beto Breve', categoryIds: ['cat-vigilante'] });

  // The year before June, 21 h that count towards the annual jornada:
  // 31 December 2025 23:00–24:00 local is last year's; 1 January 00:30–02:30 local is this year's (2 h).
  await record(ana, '2025-12-31T22:00:00.000Z', '2025-12-31T23:00:00.000Z');
  await record(ana, '2025-12-31T23:30:00.000Z', '2026-01-01T01:30:00.000Z');
  // Thursday 15 January: 10 h, 1 h beyond the 9 h day; 9 h count.
  await record(ana, '2026-01-15T07:00:00.000Z', '2026-01-15T17:00:00.000Z');
  // 28 March 19:00–23:00 (4 h) and 29 March 00:30–07:30 local (the spring-forward night: 6 real
  // hours): two local days of 4 h and 6 h, all of it counted. Read as UTC days they would be one
  // 10 h day with 1 h of daily overtime.
  await record(ana, '2026-03-28T18:00:00.000Z', '2026-03-28T22:00:00.000Z');
  await record(ana, '2026-03-28T23:30:00.000Z', '2026-03-29T05:30:00.000Z');
  // June (UTC+2): Tuesday 2nd 8 h (21 + 8 = 29: 4 h beyond 25), Wednesday 3rd 10 h (1 h daily,
  // 9 h beyond the year). July's record is July's.
  await record(ana, '2026-06-02T06:00:00.000Z', '2026-06-02T14:00:00.000Z');
  await record(ana, '2026-06-03T06:00:00.000Z', '2026-06-03T16:00:00.000Z');
  await record(ana, '2026-07-01T06:00:00.000Z', '2026-07-01T14:00:00.000Z');
  // Beto: 8 h in June and nothing before: under the limit.
  await record(beto, '2026-06-02T06:00:00.000Z', '2026-06-02T14:00:00.000Z');
});
afterAll(() => ctx.close());

describe('the annual jornada in Normas de Jornada', () => {
  it('is none until set; saved, logged and read back; omitted keeps it; null clears it', async () => {
    expect((await getRules(supervisor.cookie)).json()).toMatchObject({ yearlyOrdinaryHours: null, isDefault: true });
    const saved = await putRules(supervisor.cookie, { ...ESTATUTO, yearlyOrdinaryHours: 1782 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ yearlyOrdinaryHours: 1782, isDefault: false });
    expect((await lastAction(ctx, 'working-time.rules')).message).toContain('jornada anual de 1782 h');
    // An older client that does not send it leaves it as it was.
    expect((await putRules(supervisor.cookie, ESTATUTO)).json()).toMatchObject({ yearlyOrdinaryHours: 1782 });
    expect((await putRules(supervisor.cookie, { ...ESTATUTO, yearlyOrdinaryHours: null })).json()).toMatchObject({ yearlyOrdinaryHours: null });
    expect((await lastAction(ctx, 'working-time.rules')).message).toContain('sin jornada anual');
  });

  it('refuses what is not a whole number of hours in a year, in Spanish', async () => {
    for (const [value, message] of [
      [0, 'Jornada anual: debe ser de al menos 1 h.'],
      [8785, 'Jornada anual: no puede superar 8784 h.'],
      [1782.5, 'Jornada anual: indica un número entero de horas.'],
      ['1782', 'Jornada anual: indica un número de horas.'],
    ] as const) {
      const response = await putRules(supervisor.cookie, { ...ESTATUTO, yearlyOrdinaryHours: value });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    expect((await getRules(supervisor.cookie)).json().yearlyOrdinaryHours).toBeNull();
  });
});

describe('overtime beyond the yearly limit', () => {
  it('without an annual jornada there is none', async () => {
    const body = await sheet();
    expect(body).toMatchObject({ yearlyLimitMinutes: null, dailyLimitMinutes: h(9) });
    expect(lineOf(body, ana.id)).toMatchObject({ workedMinutes: h(18), overtimeMinutes: h(1), yearlyOvertimeMinutes: 0, yearToDateMinutes: null });
  });

  it('books the minutes of the month beyond it, counting the year before the month by local day', async () => {
    expect((await putRules(supervisor.cookie, { ...ESTATUTO, yearlyOrdinaryHours: 25 })).statusCode).toBe(200);
    const body = await sheet();
    expect(body).toMatchObject({ yearlyLimitMinutes: h(25) });
    // Year before June: 2 + 9 + 4 + 6 = 21 h. June: 4 h + 9 h beyond the year, 1 h beyond the day.
    expect(lineOf(body, ana.id)).toMatchObject({ workedMinutes: h(18), overtimeMinutes: h(14), yearlyOvertimeMinutes: h(13), yearToDateMinutes: h(21 + 17) });
    expect(lineOf(body, beto.id)).toMatchObject({ workedMinutes: h(8), overtimeMinutes: 0, yearlyOvertimeMinutes: 0, yearToDateMinutes: h(8) });
    expect(body.totals).toMatchObject({ overtimeMinutes: h(14), yearlyOvertimeMinutes: h(13) });

    // Overtime at 1.5: 14 h × 22,50 € × 0,5 = 157,50 €.
    const priced = await computePayrollSheet(
      { db: ctx.db, clock: ctx.clock, timeZone: 'Europe/Madrid', payRulesOf: async () => ({ ...DEFAULT_PAY_RULES, overtime: { kind: 'multiplier', factor: 1.5 } }) },
      company.id,
      MONTH,
    );
    expect(lineOf(priced, ana.id)).toMatchObject({ amounts: { baseCents: 18 * 2250, overtimeCents: 15_750 } });
  });

  it('January starts the year afresh; a month already beyond the limit is all overtime', async () => {
    // January: 2 h on the 1st and 10 h on the 15th: 11 h counted, under 25.
    expect(lineOf(await sheet('2026-01'), ana.id)).toMatchObject({ workedMinutes: h(12), overtimeMinutes: h(1), yearlyOvertimeMinutes: 0, yearToDateMinutes: h(11) });
    // July: 38 h counted before it, so its 8 h are all beyond the year.
    expect(lineOf(await sheet('2026-07'), ana.id)).toMatchObject({ workedMinutes: h(8), overtimeMinutes: h(8), yearlyOvertimeMinutes: h(8), yearToDateMinutes: h(46) });
  });

  it('an earlier month’s new record moves an open month, not a closed one until it is reopened', async () => {
    const closed = await ctx.request({ method: 'POST', url: '/api/payroll/close', cookie: supervisor.cookie, payload: { month: MONTH } });
    expect(closed.statusCode).toBe(200);
    // 3 more hours in April: June's crossing comes 3 h sooner.
    await record(ana, '2026-04-07T06:00:00.000Z', '2026-04-07T09:00:00.000Z');
    expect(lineOf(await sheet(), ana.id)).toMatchObject({ yearlyOvertimeMinutes: h(13), yearToDateMinutes: h(38) });
    const reopened = await ctx.request({ method: 'POST', url: '/api/payroll/reopen', cookie: supervisor.cookie, payload: { month: MONTH } });
    expect(lineOf(reopened.json(), ana.id)).toMatchObject({ overtimeMinutes: h(17), yearlyOvertimeMinutes: h(16), yearToDateMinutes: h(41) });
  });

  it('reads a snapshot closed before the yearly limit existed', async () => {
    const current = await computePayrollSheet({ db: ctx.db, clock: ctx.clock, timeZone: 'Europe/Madrid' }, company.id, '2026-05');
    const old = JSON.parse(JSON.stringify(current)) as Record<string, unknown> & { lines: Array<Record<string, unknown>>; totals: Record<string, unknown> };
    delete old.yearlyLimitMinutes;
    delete old.totals.yearlyOvertimeMinutes;
    for (const line of old.lines) {
      delete line.yearlyOvertimeMinutes;
      delete line.yearToDateMinutes;
    }
    await ctx.db
      .insertInto('payroll_closures')
      .values({ company_id: company.id, month: '2026-05', closed_at: ctx.clock().toISOString(), closed_by: supervisor.id, closed_by_name: supervisor.name, sheet: JSON.stringify(old) })
      .execute();
    const body = await sheet('2026-05');
    expect(body).toMatchObject({ closed: true, yearlyLimitMinutes: null, totals: { yearlyOvertimeMinutes: 0 } });
    expect(lineOf(body, ana.id)).toMatchObject({ yearlyOvertimeMinutes: 0, yearToDateMinutes: null });
  });

  it("is the company's own: the administrator names it, and sees the same figures", async () => {
    const response = await ctx.request({ method: 'GET', url: `/api/payroll?month=${MONTH}&companyId=${company.id}`, cookie: admin.cookie });
    expect(lineOf(response.json(), ana.id)).toMatchObject({ yearlyOvertimeMinutes: h(16) });
  });
});
