import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportFileName } from '@jornada/shared/schemas/export';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertTestEvent } from '../../test/factories';
import { signInAs, type SignedInUser } from '../../test/sign-in';

let ctx: TestContext;
let supervisor: SignedInUser;
let employee: SignedInUser;
let companyA: { id: string; name: string };

/** One row of every exported kind for a company, named with `marker` so leaks are easy to find. */
async function fillCompany(companyId: string, userId: string, marker: string, at: string) {
  const event = await insertTestEvent(ctx.db, { companyId, name: `Evento ${marker}`, start: at, end: new Date(Date.parse(at) + 3_600_000).toISOString(), assignedTo: [userId] });
  await ctx.db
    .insertInto('time_records')
    .values({ id: `tr-${marker}`, company_id: companyId, user_id: userId, event_id: event.id, start_time: at, end_time: at, duration: 60, status: 'completado', start_location: null, end_location: null, created_at: at })
    .execute();
  await ctx.db.insertInto('files').values({ id: `file-${marker}`, company_id: companyId, owner_id: userId, purpose: 'attachment', name: `${marker}.pdf`, content_type: 'application/pdf', size: 2048, sha256: 'x', bytes: Buffer.from('%PDF'), created_at: at }).execute();
  await ctx.db.insertInto('work_reports').values({ id: `wr-${marker}`, company_id: companyId, user_id: userId, event_id: event.id, observations: `Parte ${marker}`, signature_file_id: `file-${marker}`, created_at: at }).execute();
  await ctx.db.insertInto('work_report_attachments').values({ report_id: `wr-${marker}`, file_id: `file-${marker}`, position: 0 }).execute();
  await ctx.db
    .insertInto('material_loans')
    .values({ id: `loan-${marker}`, company_id: companyId, employee_id: userId, employee_name: `Empleado ${marker}`, supervisor_id: userId, supervisor_name: 'S', status: 'Confirmado', loan_date: at, confirmation_date: at, denial_date: null, return_request_date: null, return_date: null, signature_file_id: null })
    .execute();
  await ctx.db
    .insertInto('payments')
    .values({ id: `payment-${marker}`, company_id: companyId, user_id: userId, month: at.slice(0, 7), status: 'paid', paid_at: at, paid_by: userId, minutes: 60, price_cents: 2250, amount_cents: 2250 })
    .execute();
}

beforeAll(async () => {
  ctx = await createTestContext();
  companyA = await ctx.factories.company('Protección Norte');
  const companyB = await ctx.factories.company('Marcador Sur');
  supervisor = await signInAs(ctx, 'Supervisor', companyA.id);
  employee = await signInAs(ctx, 'Empleado', companyA.id, { name: 'Juan Pérez' });
  const foreign = await signInAs(ctx, 'Empleado', companyB.id, { name: 'MARCADOR-B' });
  await fillCompany(companyA.id, employee.id, 'nov', '2026-11-10T09:00:00.000Z');
  await fillCompany(companyA.id, employee.id, 'oct', '2026-10-31T22:30:00.000Z'); // 31 Oct 23:30 in Madrid: October
  await fillCompany(companyB.id, foreign.id, 'MARCADOR-B', '2026-11-10T09:00:00.000Z');
});
afterAll(() => ctx.close());

describe('GET /api/export', () => {
  it("contains exactly the company's data of the month, under the eight keys", async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/export?month=2026-11', cookie: supervisor.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Proteccion Norte_2026_11.json"; filename*=UTF-8''${encodeURIComponent('Protección Norte_2026_11.json')}`);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['company', 'employees', 'events', 'materialLoans', 'month', 'payments', 'timeRecords', 'workReports']);
    expect(body.month).toBe('2026-11');
    expect(body.company).toEqual({ id: companyA.id, name: 'Protección Norte' });
    expect(body.events.map((e: { name: string }) => e.name)).toEqual(['Evento nov']);
    expect(body.events[0].assignedEmployees).toEqual([employee.id]);
    expect(body.timeRecords.map((r: { id: string }) => r.id)).toEqual(['tr-nov']);
    expect(body.workReports).toEqual([expect.objectContaining({ id: 'wr-nov', attachments: [{ name: 'nov.pdf', size: 2048, type: 'application/pdf' }] })]);
    expect(body.materialLoans.map((l: { id: string }) => l.id)).toEqual(['loan-nov']);
    expect(body.payments.map((p: { id: string }) => p.id)).toEqual(['payment-nov']);
    expect(body.employees.map((e: { name: string }) => e.name).sort()).toEqual(['Juan Pérez', expect.any(String)]);
    expect(response.body).not.toContain('MARCADOR');
    expect(response.body).not.toContain('password');
  });

  it('counts a month in the company time zone', async () => {
    const october = (await ctx.request({ method: 'GET', url: '/api/export?month=2026-10', cookie: supervisor.cookie })).json();
    expect(october.timeRecords.map((r: { id: string }) => r.id)).toEqual(['tr-oct']);
  });

  it('needs a company, the right role and a valid month', async () => {
    const admin = await signInAs(ctx, 'Administrador');
    const noCompany = await ctx.request({ method: 'GET', url: '/api/export?month=2026-11', cookie: admin.cookie });
    expect(noCompany.statusCode).toBe(422);
    expect(noCompany.json().error.message).toBe('No se ha podido identificar tu empresa para la exportación.');
    expect((await ctx.request({ method: 'GET', url: '/api/export?month=2026-11', cookie: employee.cookie })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: '/api/export?month=noviembre', cookie: supervisor.cookie })).statusCode).toBe(400);
    expect((await ctx.request({ method: 'GET', url: '/api/export?month=2026-11' })).statusCode).toBe(401);
  });

  it('names the file after the company and the month', () => {
    expect(exportFileName('Norte/Sur: "A"', '2026-01')).toBe('Norte_Sur_ _A__2026_01.json');
  });
});
