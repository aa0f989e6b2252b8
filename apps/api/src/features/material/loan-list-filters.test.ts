import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoanPage } from '@jornada/shared/schemas/material';
import { createTestContext, type TestContext } from '../../test/test-app';

/** Material Prestado, filtered on the server (issue 21): borrower, days lent, text; inside the company. */
let ctx: TestContext;
let north: { id: string };
let south: { id: string };
let supervisorCookie: string;
let adminCookie: string;
let supervisor: { id: string; name: string };
let juan: { id: string; name: string };
let lucia: { id: string; name: string };
let pedroSouth: { id: string; name: string };
let sequence = 0;

async function loan(employee: { id: string; name: string }, companyId: string, at: string, status: 'Pendiente de confirmación' | 'Confirmado' = 'Confirmado') {
  await ctx.db
    .insertInto('material_loans')
    .values({
      id: `loan-filter-${++sequence}`,
      company_id: companyId,
      employee_id: employee.id,
      employee_name: employee.name,
      supervisor_id: supervisor.id,
      supervisor_name: supervisor.name,
      status,
      loan_date: at,
      confirmation_date: status === 'Confirmado' ? at : null,
      denial_date: null,
      return_request_date: null,
      return_date: null,
      signature_file_id: null,
    })
    .execute();
}

const borrowers = async (query: string, cookie = supervisorCookie) => {
  const response = await ctx.request({ method: 'GET', url: `/api/material-loans?${query}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as LoanPage).items.map((item) => `${item.employeeName} ${item.loanDate.slice(0, 10)}`);
};

beforeAll(async () => {
  ctx = await createTestContext();
  north = await ctx.factories.company('Norte');
  south = await ctx.factories.company('Sur');
  const boss = await ctx.factories.user({ role: 'Supervisor', companyId: north.id, name: 'Marta Jefa' });
  supervisor = boss;
  supervisorCookie = await ctx.login(boss.username, boss.password);
  juan = await ctx.factories.user({ role: 'Empleado', companyId: north.id, name: 'Juan Pérez' });
  lucia = await ctx.factories.user({ role: 'Empleado', companyId: north.id, name: 'Lucía García' });
  pedroSouth = await ctx.factories.user({ role: 'Empleado', companyId: south.id, name: 'Pedro Sur' });
  const admin = await ctx.factories.user({ role: 'Administrador' });
  adminCookie = await ctx.login(admin.username, admin.password);
  await loan(juan, north.id, '2026-11-10T09:00:00.000Z');
  await loan(lucia, north.id, '2026-11-11T09:00:00.000Z', 'Pendiente de confirmación');
  // 23:30 of the 11th in Madrid.
  await loan(juan, north.id, '2026-11-11T22:30:00.000Z');
  await loan(pedroSouth, south.id, '2026-11-11T10:00:00.000Z');
});
afterAll(() => ctx.close());

describe('loan list filters', () => {
  it('filters by borrower, days lent (company time zone) and text, with the status tabs', async () => {
    expect(await borrowers(`userId=${juan.id}`)).toEqual(['Juan Pérez 2026-11-11', 'Juan Pérez 2026-11-10']);
    expect(await borrowers('from=2026-11-11&to=2026-11-11')).toEqual(['Juan Pérez 2026-11-11', 'Lucía García 2026-11-11']);
    expect(await borrowers('to=2026-11-10')).toEqual(['Juan Pérez 2026-11-10']);
    expect(await borrowers('q=garcía')).toEqual(['Lucía García 2026-11-11']);
    expect(await borrowers('q=lucía&filter=confirmed')).toEqual([]);
    expect(await borrowers('q=marta')).toHaveLength(3);
  });

  it('never widens the company scope', async () => {
    expect(await borrowers(`userId=${pedroSouth.id}`)).toEqual([]);
    expect(await borrowers(`companyId=${south.id}&q=pedro`)).toEqual([]);
    expect(await borrowers('q=pedro', adminCookie)).toEqual(['Pedro Sur 2026-11-11']);
    expect(await borrowers(`q=pedro&companyId=${north.id}`, adminCookie)).toEqual([]);
  });

  it('pages a filtered list with its cursor', async () => {
    const first = await ctx.request({ method: 'GET', url: `/api/material-loans?userId=${juan.id}&limit=1`, cookie: supervisorCookie });
    const page = first.json() as LoanPage;
    expect(page.items.map((item) => item.loanDate)).toEqual(['2026-11-11T22:30:00.000Z']);
    expect(await borrowers(`userId=${juan.id}&limit=1&cursor=${encodeURIComponent(page.nextCursor!)}`)).toEqual(['Juan Pérez 2026-11-10']);
  });

  it('refuses a bad day with a Spanish 400', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/material-loans?from=11/11/2026', cookie: supervisorCookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('La fecha debe tener el formato AAAA-MM-DD.');
  });
});
