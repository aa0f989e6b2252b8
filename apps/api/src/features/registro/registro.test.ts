import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signaturePng } from '../../ledgers/files/png';
import { lastAction } from '../../test/last-action';
import { arrangeTwoCompanies, signInAs, type SignedInUser, type TwoCompanies } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-app';
import { pdfPageTexts } from '../../test/pdf-text';
import { insertRecord } from './registro.test-support';

let ctx: TestContext;
let world: TwoCompanies;
let colleague: SignedInUser;
let foreigner: SignedInUser;
let foreignSupervisor: SignedInUser;
const signature = `data:image/png;base64,${signaturePng().toString('base64')}`;

const get = (cookie: string | undefined, url: string) => ctx.request({ method: 'GET', url, ...(cookie ? { cookie } : {}) });
const sign = (cookie: string, payload: object) => ctx.request({ method: 'POST', url: '/api/registro/mine/sign', cookie, payload });
const putRules = (cookie: string, payload: object) => ctx.request({ method: 'PUT', url: '/api/registro/rules', cookie, payload });
const rules = { maxDailyHours: 8, minRestHours: 13, maxYearlyOvertimeHours: 80, maxMonthlyHours: 162 };

beforeAll(async () => {
  ctx = await createTestContext();
  world = await arrangeTwoCompanies(ctx);
  colleague = await signInAs(ctx, 'Empleado', world.home.id, { name: 'Carlos Colega' });
  foreigner = await signInAs(ctx, 'Empleado', world.other.id, { name: 'Fernando Foráneo' });
  foreignSupervisor = await signInAs(ctx, 'Supervisor', world.other.id);
  const { home, other, employee } = world;
  // October 2026 (closed; the test clock is 21 November): overtime on the 5th, a short rest on the 7th.
  await insertRecord(ctx.db, { companyId: home.id, userId: employee.id, start: '2026-10-05T06:00:00Z', end: '2026-10-05T16:30:00Z', corrected: true });
  await insertRecord(ctx.db, { companyId: home.id, userId: employee.id, start: '2026-10-06T13:00:00Z', end: '2026-10-06T21:00:00Z' });
  await insertRecord(ctx.db, { companyId: home.id, userId: employee.id, start: '2026-10-07T06:00:00Z', end: '2026-10-07T14:00:00Z' });
  // A night shift across the autumn DST change: 22:00 to 06:00 is 9 real hours.
  await insertRecord(ctx.db, { companyId: home.id, userId: employee.id, start: '2026-10-24T20:00:00Z', end: '2026-10-25T05:00:00Z' });
  // January overtime (2 h) counts in the year so far.
  await insertRecord(ctx.db, { companyId: home.id, userId: employee.id, start: '2026-01-12T06:00:00Z', end: '2026-01-12T17:00:00Z' });
  // September: a record never closed.
  await insertRecord(ctx.db, { companyId: home.id, userId: employee.id, start: '2026-09-10T06:00:00Z', end: null });
  await insertRecord(ctx.db, { companyId: home.id, userId: colleague.id, start: '2026-10-05T06:00:00Z', end: '2026-10-05T14:00:00Z' });
  await insertRecord(ctx.db, { companyId: other.id, userId: foreigner.id, start: '2026-10-05T06:00:00Z', end: '2026-10-05T14:00:00Z' });
});

afterAll(async () => {
  await ctx.close();
});

describe('Normas de Jornada', () => {
  it('shows the Estatuto while the company has set nothing', async () => {
    const response = await get(world.supervisor.cookie, '/api/registro/rules');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ companyId: world.home.id, maxDailyHours: 9, minRestHours: 12, maxYearlyOvertimeHours: 80, maxMonthlyHours: null, isDefault: true });
  });

  it('saves the convenio values and logs who changed them', async () => {
    const response = await putRules(world.supervisor.cookie, rules);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...rules, isDefault: false, updatedByName: world.supervisor.name });
    expect((await lastAction(ctx, 'working-time.rules')).message).toContain('13 h de descanso entre jornadas');
    // Back to the Estatuto for the rest of the file.
    expect((await putRules(world.supervisor.cookie, { ...rules, maxDailyHours: 9, minRestHours: 12, maxMonthlyHours: null })).statusCode).toBe(200);
  });

  it('refuses values outside the law or not whole hours, in Spanish', async () => {
    const tooMuch = await putRules(world.supervisor.cookie, { ...rules, maxYearlyOvertimeHours: 100 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.message).toBe('Horas extra máximas al año: no puede superar 80 h (límite del Estatuto de los Trabajadores).');
    const fraction = await putRules(world.supervisor.cookie, { ...rules, maxDailyHours: 7.5 });
    expect(fraction.json().error.message).toBe('Jornada ordinaria máxima diaria: indica un número entero de horas.');
    const missing = await putRules(world.supervisor.cookie, { maxDailyHours: 9 });
    expect(missing.statusCode).toBe(400);
  });

  it('is for supervisors and administrators of the company only', async () => {
    expect((await get(world.employee.cookie, '/api/registro/rules')).statusCode).toBe(403);
    expect((await get(undefined, '/api/registro/rules')).statusCode).toBe(401);
    expect((await get(world.supervisor.cookie, `/api/registro/rules?companyId=${world.other.id}`)).statusCode).toBe(404);
    const adminWithout = await get(world.admin.cookie, '/api/registro/rules');
    expect(adminWithout.statusCode).toBe(400);
    expect(adminWithout.json().error.message).toBe('Selecciona una empresa.');
    expect((await get(world.admin.cookie, '/api/registro/rules?companyId=nope')).statusCode).toBe(404);
    const admin = await putRules(world.admin.cookie, { ...rules, companyId: world.other.id });
    expect(admin.json()).toMatchObject({ companyId: world.other.id, maxMonthlyHours: 162 });
  });
});

describe('Registro de Jornada of the employee', () => {
  it('lists every day with entries, totals, overtime, the year so far and the broken rules', async () => {
    const response = await get(world.employee.cookie, '/api/registro/mine?month=2026-10');
    expect(response.statusCode).toBe(200);
    const month = response.json();
    expect(month.days).toHaveLength(31);
    expect(month.worker).toMatchObject({ id: world.employee.id, name: world.employee.name, username: world.employee.username });
    expect(month.days[4]).toMatchObject({ day: '2026-10-05', workedMinutes: 630, overtimeMinutes: 90 });
    expect(month.days[4].entries[0]).toMatchObject({ corrected: true });
    expect(month.days[6].breaks.map((item: { message: string }) => item.message)).toEqual(['Descanso entre jornadas: 9 h, mínimo 12 h (faltan 3 h)']);
    expect(month.days[23]).toMatchObject({ day: '2026-10-24', workedMinutes: 540 });
    expect(month.totals).toEqual({ workedMinutes: 630 + 480 + 480 + 540, overtimeMinutes: 90, yearOvertimeMinutes: 120 + 90, breakCount: 2 });
    expect(month).toMatchObject({ signedAt: null, canSign: true, signBlockedReason: null });
  });

  it('refuses a malformed month in Spanish', async () => {
    const response = await get(world.employee.cookie, '/api/registro/mine?month=2026-13');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('El mes debe tener el formato aaaa-MM.');
  });

  it('never lets an employee open another worker or the company list', async () => {
    expect((await get(world.employee.cookie, `/api/registro/employees/${colleague.id}?month=2026-10`)).statusCode).toBe(403);
    expect((await get(world.employee.cookie, '/api/registro/company?month=2026-10')).statusCode).toBe(403);
    expect((await get(world.admin.cookie, '/api/registro/mine?month=2026-10')).statusCode).toBe(403);
  });

  it('downloads the month as PDF and as CSV, and logs each download', async () => {
    const pdf = await get(world.employee.cookie, '/api/registro/mine/download?month=2026-10&format=pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('attachment;');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await lastAction(ctx, 'registro.download')).message).toContain('(PDF)');
    ctx.clock.advance(1000);
    const csv = await get(world.employee.cookie, '/api/registro/mine/download?month=2026-10&format=csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.rawPayload.toString('utf8')).toContain(';05/10/2026;05/10/2026 08:00;05/10/2026 18:30;10,50;Sí;');
    expect((await lastAction(ctx, 'registro.download')).message).toContain('(CSV)');
    expect((await get(world.employee.cookie, '/api/registro/mine/download?month=2026-10&format=xls')).statusCode).toBe(400);
  });
});

describe('signing the month', () => {
  it('refuses the current month and a month with a record never closed', async () => {
    const current = await sign(world.employee.cookie, { month: '2026-11', signature });
    expect(current.statusCode).toBe(409);
    expect(current.json().error.message).toBe('Solo se puede firmar un mes ya cerrado.');
    const open = await sign(world.employee.cookie, { month: '2026-09', signature });
    expect(open.statusCode).toBe(409);
    expect(open.json().error.message).toBe('Hay fichajes sin cierre en este mes: pide antes su corrección.');
  });

  it('refuses a missing or non-PNG signature', async () => {
    expect((await sign(world.employee.cookie, { month: '2026-10', signature: '' })).json().error.message).toBe('Firma el registro antes de enviarlo.');
    expect((await sign(world.employee.cookie, { month: '2026-10', signature: 'data:image/png;base64,aGVsbG8=' })).statusCode).toBe(415);
  });

  it('signs a closed month once: the signature and the time are kept, a second time is a 409', async () => {
    const response = await sign(world.employee.cookie, { month: '2026-10', signature });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ signedAt: ctx.clock().toISOString(), canSign: false, changedSinceSigning: false });
    const row = await ctx.db.selectFrom('signed_months').selectAll().where('user_id', '=', world.employee.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_id: world.home.id, month: '2026-10', worked_minutes: 2130, overtime_minutes: 90, year_overtime_minutes: 210, rule_breaks: 2 });
    const file = await ctx.db.selectFrom('files').selectAll().where('id', '=', row.signature_file_id).executeTakeFirstOrThrow();
    expect(file).toMatchObject({ purpose: 'registro-signature', company_id: world.home.id, owner_id: world.employee.id, sha256: row.signature_sha256 });
    expect(Buffer.from(file.bytes).equals(signaturePng())).toBe(true);
    expect((await lastAction(ctx, 'registro.sign')).message).toBe(`${world.employee.name} ha firmado su registro de jornada de 2026-10`);
    const again = await sign(world.employee.cookie, { month: '2026-10', signature });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Ya has firmado el registro de jornada de este mes.');
  });

  it('says when a correction changed the month after it was signed', async () => {
    await ctx.db.updateTable('time_records').set({ end_time: '2026-10-06T20:00:00Z', corrected: 1 }).where('user_id', '=', world.employee.id).where('start_time', '=', '2026-10-06T13:00:00Z').execute();
    const month = (await get(world.employee.cookie, '/api/registro/mine?month=2026-10')).json();
    expect(month).toMatchObject({ changedSinceSigning: true });
    expect(month.signedAt).not.toBeNull();
  });

  it('asks to sign the changed month again: a second signature row, the first kept as superseded in the PDF', async () => {
    const before = (await get(world.employee.cookie, '/api/registro/mine?month=2026-10')).json();
    expect(before).toMatchObject({ changedSinceSigning: true, canSign: true, signBlockedReason: null, supersededSignatures: [] });
    const [first] = await ctx.db.selectFrom('signed_months').selectAll().where('user_id', '=', world.employee.id).where('month', '=', '2026-10').execute();
    ctx.clock.advance(60_000);

    const resigned = await sign(world.employee.cookie, { month: '2026-10', signature });
    expect(resigned.statusCode).toBe(201);
    expect(resigned.json()).toMatchObject({ signedAt: ctx.clock().toISOString(), changedSinceSigning: false, canSign: false });
    expect(resigned.json().supersededSignatures).toEqual([{ signedAt: first!.signed_at, workedMinutes: 2130, contentSha256: first!.content_sha256 }]);
    expect((await lastAction(ctx, 'registro.sign')).message).toBe(`${world.employee.name} ha firmado la nueva versión de su registro de jornada de 2026-10`);

    // Never overwritten: the first row is untouched, the new one is version 2 with the new figures.
    const rows = await ctx.db.selectFrom('signed_months').selectAll().where('user_id', '=', world.employee.id).where('month', '=', '2026-10').orderBy('version').execute();
    expect(rows.map((row) => [Number(row.version), row.signed_at, row.worked_minutes])).toEqual([
      [1, first!.signed_at, 2130],
      [2, ctx.clock().toISOString(), 2070],
    ]);
    expect(rows[0]!.content_sha256).toBe(first!.content_sha256);
    expect(rows[1]!.content_sha256).not.toBe(first!.content_sha256);
    const again = await sign(world.employee.cookie, { month: '2026-10', signature });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Ya has firmado el registro de jornada de este mes.');

    const pdf = await get(world.employee.cookie, '/api/registro/mine/download?month=2026-10&format=pdf');
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPageTexts(pdf.rawPayload)).join('\n');
    expect(text).toMatch(/Mes 10\/2026: firma sustituida, del \d\d\/\d\d\/2026/);
    expect(text).toContain('Total firmado: 35 h 30 min');
    expect(text).toContain(`Huella de lo firmado (SHA-256): ${first!.content_sha256}`);
    expect(text).toMatch(/Mes 10\/2026: firmado por el trabajador el .* \(firma vigente\)\./);
    expect(text).toContain(`Huella de lo firmado (SHA-256): ${rows[1]!.content_sha256}`);
    expect(text.indexOf('firma sustituida')).toBeLessThan(text.indexOf('firma vigente'));

    const company = (await get(world.supervisor.cookie, '/api/registro/company?month=2026-10')).json();
    expect(company.employees.find((item: { id: string }) => item.id === world.employee.id).signedAt).toBe(ctx.clock().toISOString());
  });
});

describe('Registro de Jornada de la Empresa', () => {
  it('lists the company staff with their totals and who signed', async () => {
    const response = await get(world.supervisor.cookie, '/api/registro/company?month=2026-10');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ company: { id: world.home.id }, month: '2026-10', closed: true });
    const byId = new Map(body.employees.map((item: { id: string }) => [item.id, item]));
    expect(byId.get(world.employee.id)).toMatchObject({ signedAt: expect.any(String), overtimeMinutes: 90 });
    expect(byId.get(colleague.id)).toMatchObject({ signedAt: null, workedMinutes: 480 });
    expect(byId.has(world.supervisor.id)).toBe(true);
    expect(byId.has(foreigner.id)).toBe(false);
  });

  it('opens one worker of the company, never another company’s', async () => {
    const own = await get(world.supervisor.cookie, `/api/registro/employees/${colleague.id}?month=2026-10`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ worker: { id: colleague.id }, canSign: false });
    const foreign = await get(world.supervisor.cookie, `/api/registro/employees/${foreigner.id}?month=2026-10`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('No se ha encontrado el trabajador.');
    expect((await get(foreignSupervisor.cookie, `/api/registro/employees/${world.employee.id}?month=2026-10`)).statusCode).toBe(404);
    expect((await get(foreignSupervisor.cookie, `/api/registro/employees/${world.employee.id}/download?month=2026-10&format=pdf`)).statusCode).toBe(404);
    expect((await get(world.supervisor.cookie, `/api/registro/company?month=2026-10&companyId=${world.other.id}`)).statusCode).toBe(404);
    expect((await get(world.admin.cookie, `/api/registro/employees/${foreigner.id}?month=2026-10`)).statusCode).toBe(200);
  });

  it('downloads the whole company month as one CSV and one PDF without other companies', async () => {
    ctx.clock.advance(1000);
    const csv = await get(world.supervisor.cookie, '/api/registro/company/download?month=2026-10&format=csv');
    expect(csv.statusCode).toBe(200);
    const text = csv.rawPayload.toString('utf8');
    expect(text).toContain(world.employee.name);
    expect(text).toContain('Carlos Colega');
    expect(text).not.toContain('Fernando Foráneo');
    expect((await lastAction(ctx, 'registro.download')).message).toContain('de la empresa');
    const pdf = await get(world.admin.cookie, `/api/registro/company/download?month=2026-10&format=pdf&companyId=${world.home.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(world.admin.cookie, '/api/registro/company/download?month=2026-10&format=pdf')).statusCode).toBe(400);
  });
});
