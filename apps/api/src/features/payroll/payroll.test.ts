import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultGrantedViews, defaultRoleIds } from '@jornada/shared/permissions';
import { DEFAULT_PAY_RULES, type PayRules } from '@jornada/shared/schemas/pay-rules';
import { CORRECTED_ADDED } from '@jornada/shared/schemas/time-records';
import type { TestContext } from '../../test/test-app';
import type { SignedInUser } from '../../test/sign-in';
import { computePayrollSheet } from './payroll.service';
import { craftMonth, CRAFTED_MONTH, type CraftedMonth } from './payroll.test-support';

let ctx: TestContext;
let companyA: { id: string };
let companyB: { id: string };
let supervisor: SignedInUser;
let foreignSupervisor: SignedInUser;
let ana: SignedInUser;
let bruno: SignedInUser;
let admin: SignedInUser;
let foreignEmployee: SignedInUser;
let overtimeRecordId: string;
let completedRecord: CraftedMonth['record'];

const MONTH = CRAFTED_MONTH;

const sheet = (cookie: string, query = `month=${MONTH}`) => ctx.request({ method: 'GET', url: `/api/payroll?${query}`, cookie });
const post = (cookie: string, action: 'close' | 'reopen', payload: Record<string, unknown> = { month: MONTH }) =>
  ctx.request({ method: 'POST', url: `/api/payroll/${action}`, cookie, payload });
const lineOf = <T extends { userId: string }>(body: { lines: T[] }, userId: string): T | undefined => body.lines.find((line) => line.userId === userId);

beforeAll(async () => {
  ({ ctx, companyA, companyB, supervisor, foreignSupervisor, ana, bruno, foreignEmployee, admin, overtimeRecordId, record: completedRecord } = await craftMonth());
});
afterAll(() => ctx.close());

describe('the payroll sheet of a crafted month', () => {
  const rules: PayRules = {
    ...DEFAULT_PAY_RULES,
    nightPlusPerHourCents: 300,
    holidayPlusPerHourCents: 500,
    overtime: { kind: 'multiplier', factor: 1.5 },
    categories: [{ categoryId: 'cat-vigilante', monthlyPluses: [{ name: 'Plus de peligrosidad', cents: 4000, code: '030' }] }],
  };

  it('equals the hand-computed figures with a night plus, a holiday plus, overtime and a monthly plus', async () => {
    const result = await computePayrollSheet({ db: ctx.db, clock: ctx.clock, timeZone: 'Europe/Madrid', payRulesOf: async () => rules }, companyA.id, MONTH);
    expect(result).toMatchObject({ month: MONTH, companyId: companyA.id, dailyLimitMinutes: 540, weeklyLimitMinutes: null });
    const line = lineOf(result, ana.id);
    expect(line).toMatchObject({
      name: 'Ana Nocturna',
      minutes: { ordinary: 120 + 660 + 60, night: 360, holiday: 480, nightHoliday: 0 },
      workedMinutes: 1680,
      overtimeMinutes: 120,
      hourlyRateCents: 2250,
      recordCount: 4,
      flaggedCount: 1,
      pluses: [{ name: 'Plus de peligrosidad', cents: 4000, code: '030' }],
    });
    // Base 1680 min × 22,50 €/h = 630 €; night 360 min × 3 €/h = 18 €; holiday 480 min × 5 €/h = 40 €;
    // overtime 120 min × 22,50 € × 0,5 = 22,50 €; plus 40 €. Total 750,50 €.
    expect(line?.amounts).toEqual({ baseCents: 63000, nightPlusCents: 1800, holidayPlusCents: 4000, overtimeCents: 2250, plusesCents: 4000, totalCents: 75050 });
    expect(line?.flaggedRecords).toEqual([expect.objectContaining({ startTime: '2026-12-14T08:00:00.000Z', minutes: 60, marks: ['sin-conexion'] })]);

    const convenio = lineOf(result, bruno.id);
    expect(convenio).toMatchObject({ minutes: { ordinary: 240, night: 0, holiday: 0, nightHoliday: 0 }, workedMinutes: 240, hourlyRateCents: null, amounts: null, pluses: [] });
    expect(result.totals).toMatchObject({ workedMinutes: 1920, overtimeMinutes: 120, flaggedCount: 1, withoutRateCount: 1 });
    expect(result.totals.amounts.totalCents).toBe(75050);
    expect(JSON.stringify(result)).not.toContain('Marcador Sur');
  });
});

describe('GET /api/payroll and closing the month', () => {
  it("answers the company's sheet at its rules (defaults: no pluses, overtime at the ordinary rate)", async () => {
    const response = await sheet(supervisor.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ month: MONTH, companyId: companyA.id, closed: false, closedAt: null });
    expect(lineOf(body, ana.id)).toMatchObject({ workedMinutes: 1680, overtimeMinutes: 120, amounts: { baseCents: 63000, nightPlusCents: 0, overtimeCents: 0, totalCents: 63000 } });
    expect(response.body).not.toContain('Marcador Sur');
  });

  it('checks the month, the company and the role', async () => {
    expect((await sheet(supervisor.cookie, 'month=2026-13')).statusCode).toBe(400);
    expect((await sheet(supervisor.cookie, 'month=2019-12')).statusCode).toBe(400);
    expect((await sheet(admin.cookie)).json().error.message).toBe('Selecciona una empresa.');
    expect((await sheet(ana.cookie)).statusCode).toBe(403);
    expect((await post(ana.cookie, 'close')).statusCode).toBe(403);
    expect((await post(admin.cookie, 'close')).statusCode).toBe(400);
  });

  it('closing freezes the sheet; a correction after closing changes it only once reopened; both are logged', async () => {
    const closed = await post(supervisor.cookie, 'close');
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ closed: true, closedAt: ctx.clock().toISOString() });
    // Closing again answers the same snapshot.
    expect((await post(supervisor.cookie, 'close')).json().closedAt).toBe(closed.json().closedAt);

    // The long day ends an hour later: proposed by the worker, approved by the supervisor.
    const proposed = await ctx.request({
      method: 'POST',
      url: `/api/time-records/${overtimeRecordId}/corrections`,
      cookie: ana.cookie,
      payload: { endTime: '2026-12-10T18:00:00.000Z', reason: 'Me quedé una hora más al cierre' },
    });
    expect(proposed.statusCode).toBe(201);
    const approved = await ctx.request({ method: 'POST', url: `/api/corrections/${proposed.json().id}/approve`, cookie: supervisor.cookie, payload: {} });
    expect(approved.statusCode).toBe(200);
    // A new record arrives too: neither shows while the month is closed.
    await completedRecord(ana, companyA.id, '2026-12-20T08:00:00.000Z', '2026-12-20T09:00:00.000Z');

    const frozen = (await sheet(supervisor.cookie)).json();
    expect(frozen.closed).toBe(true);
    expect(lineOf(frozen, ana.id)).toMatchObject({ workedMinutes: 1680, overtimeMinutes: 120, flaggedCount: 1 });

    const reopened = await post(supervisor.cookie, 'reopen');
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ closed: false, closedAt: null });
    // +60 (correction) +60 (new record, a Sunday: ordinary by default); the corrected record is marked.
    expect(lineOf(reopened.json(), ana.id)).toMatchObject({ workedMinutes: 1800, overtimeMinutes: 180, flaggedCount: 2 });
    const marks = (lineOf(reopened.json(), ana.id) as unknown as { flaggedRecords: Array<{ recordId: string; marks: string[] }> }).flaggedRecords;
    expect(marks.find((record) => record.recordId === overtimeRecordId)?.marks).toEqual(['corregido']);

    const log = await ctx.db.selectFrom('action_log').select(['kind', 'message']).where('company_id', '=', companyA.id).where('kind', 'like', 'payroll.%').orderBy('created_at').execute();
    expect(log.map((entry) => entry.kind).sort()).toEqual(['payroll.closed', 'payroll.reopened']);
    // Reopening an open month logs nothing more.
    expect((await post(supervisor.cookie, 'reopen')).statusCode).toBe(200);
    expect(await ctx.db.selectFrom('action_log').select('id').where('company_id', '=', companyA.id).where('kind', 'like', 'payroll.%').execute()).toHaveLength(2);
  });

  it("keeps companies apart: another company's supervisor cannot read or close this one's month", async () => {
    const foreign = (await sheet(foreignSupervisor.cookie, `month=${MONTH}&companyId=${companyA.id}`)).json();
    expect(foreign.companyId).toBe(companyB.id);
    expect(JSON.stringify(foreign)).not.toContain('Ana Nocturna');
    expect((await post(foreignSupervisor.cookie, 'close', { month: MONTH, companyId: companyA.id })).json().companyId).toBe(companyB.id);
    expect((await sheet(supervisor.cookie)).json().closed).toBe(false);
    const adminView = (await sheet(admin.cookie, `month=${MONTH}&companyId=${companyB.id}`)).json();
    expect(adminView).toMatchObject({ companyId: companyB.id, closed: true });
    expect(adminView.lines.map((line: { name: string }) => line.name)).toEqual(['Marcador Sur']);
    expect((await post(admin.cookie, 'reopen', { month: MONTH, companyId: companyB.id })).json().closed).toBe(false);
  });
});

describe("GET /api/payroll/mine: the employee's own breakdown in 'Mis Horas'", () => {
  const mine = (cookie: string, query = `month=${MONTH}`) => ctx.request({ method: 'GET', url: `/api/payroll/mine?${query}`, cookie });

  beforeAll(async () => {
    // Rules with every concept priced, so the equality below compares real amounts; a category's
    // override needs the category offered by the company.
    await ctx.db.insertInto('company_categories').values({ company_id: companyA.id, category_id: 'cat-vigilante' }).execute();
    const saved = await ctx.request({
      method: 'PUT',
      url: '/api/pay-rules',
      cookie: supervisor.cookie,
      payload: {
        ...DEFAULT_PAY_RULES,
        nightPlusPerHourCents: 150,
        holidayPlusPerHourCents: 275,
        overtime: { kind: 'perHour', cents: 400 },
        categories: [{ categoryId: 'cat-vigilante', monthlyPluses: [{ name: 'Plus de transporte', cents: 6050, code: 'T1' }] }],
      },
    });
    expect(saved.statusCode).toBe(200);
  });

  it("equals, figure for figure, the employee's line in the company's sheet (with a rate and 'Por Convenio')", async () => {
    const companySheet = (await sheet(supervisor.cookie)).json();
    for (const person of [ana, bruno]) {
      const response = await mine(person.cookie);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ month: MONTH, closed: false, closedAt: null, dailyLimitMinutes: 540 });
      expect(body.line).toEqual(lineOf(companySheet, person.id));
    }
    const anaLine = (await mine(ana.cookie)).json().line;
    // The rules reach the employee's figures: 6 h of night at 1,50 €/h, the transport plus.
    expect(anaLine.amounts).toMatchObject({ nightPlusCents: 900, plusesCents: 6050 });
    expect(anaLine.nightPlusPerHourCents).toBe(150);
  });

  it("answers only the caller's own line: no parameter reaches a colleague or another company", async () => {
    const own = (await mine(ana.cookie)).json();
    const smuggled = await mine(ana.cookie, `month=${MONTH}&userId=${bruno.id}&companyId=${companyB.id}`);
    expect(smuggled.statusCode).toBe(200);
    expect(smuggled.json().line).toEqual(own.line);
    expect(smuggled.body).not.toContain('Bruno Convenio');
    const foreign = await mine(foreignEmployee.cookie, `month=${MONTH}&userId=${ana.id}&companyId=${companyA.id}`);
    expect(foreign.json().line).toMatchObject({ userId: foreignEmployee.id, name: 'Marcador Sur', workedMinutes: 600 });
    expect(foreign.body).not.toContain('Ana Nocturna');
    // Not on the sheet (only Empleados are): no line, never someone else's.
    expect((await mine(supervisor.cookie)).json()).toMatchObject({ line: null, closed: false });
    // The platform administrator has no 'Mis Horas'.
    expect((await mine(admin.cookie)).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: `/api/payroll/mine?month=${MONTH}` })).statusCode).toBe(401);
  });

  it('refuses a bad month with a Spanish message', async () => {
    for (const [query, message] of [
      ['month=2026-13', 'El mes debe tener el formato aaaa-MM.'],
      ['month=diciembre', 'El mes debe tener el formato aaaa-MM.'],
      ['', 'El mes es obligatorio.'],
      ['month=2019-12', 'El mes debe estar entre 2020-01 y 2028-12.'],
    ] as const) {
      const response = await mine(ana.cookie, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message, query).toContain(message);
    }
  });

  it("shows the frozen figures while the month is closed, the live ones once it is reopened", async () => {
    const closed = (await post(supervisor.cookie, 'close')).json();
    await completedRecord(ana, companyA.id, '2026-12-21T20:00:00.000Z', '2026-12-21T23:00:00.000Z');
    const frozen = (await mine(ana.cookie)).json();
    expect(frozen).toMatchObject({ closed: true, closedAt: closed.closedAt, computedAt: closed.computedAt });
    expect(frozen.line).toEqual(lineOf(closed, ana.id));
    // A record added by an approved 'Alta de fichaje' counts and is marked, like an amended one.
    const addedId = await completedRecord(ana, companyA.id, '2026-12-22T08:00:00.000Z', '2026-12-22T09:00:00.000Z');
    await ctx.db.updateTable('time_records').set({ corrected: CORRECTED_ADDED }).where('id', '=', addedId).execute();
    const reopened = (await post(supervisor.cookie, 'reopen')).json();
    const live = (await mine(ana.cookie)).json();
    expect(live.line.flaggedRecords.find((record: { recordId: string }) => record.recordId === addedId)?.marks).toEqual(['corregido']);
    expect(live.line.flaggedCount).toBe(frozen.line.flaggedCount + 1);
    expect(live).toMatchObject({ closed: false, closedAt: null });
    expect(live.line).toEqual(lineOf(reopened, ana.id));
    // 21:00–00:00 local (one ordinary hour, two at night) and 09:00–10:00 more than when it was closed.
    expect(live.line.workedMinutes).toBe(frozen.line.workedMinutes + 180 + 60);
    expect(live.line.minutes.night + live.line.minutes.nightHoliday).toBe(frozen.line.minutes.night + frozen.line.minutes.nightHoliday + 120);
  });

  it("is closed with 'Mis Horas' when the company withholds that view from the Empleado role", async () => {
    const permissions = async (employeeViews: string[]) =>
      ctx.request({
        method: 'PUT',
        url: `/api/permissions/${companyA.id}`,
        cookie: admin.cookie,
        payload: { permissions: { [defaultRoleIds.Supervisor]: defaultGrantedViews('Supervisor'), [defaultRoleIds.Empleado]: employeeViews } },
      });
    expect((await permissions(defaultGrantedViews('Empleado').filter((view) => view !== 'my-hours'))).statusCode).toBe(200);
    expect((await mine(ana.cookie)).statusCode).toBe(403);
    expect((await permissions(defaultGrantedViews('Empleado'))).statusCode).toBe(200);
    expect((await mine(ana.cookie)).statusCode).toBe(200);
  });
});
