import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RoleName } from '@jornada/shared/permissions';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertTestEvent } from '../../test/factories';

const NOW = '2026-11-21T10:00:00.000Z';
let ctx: TestContext;

async function signIn(role: RoleName, companyId: string | null) {
  const user = await ctx.factories.user({ role, companyId });
  return { user, cookie: await ctx.login(user.username, user.password) };
}

const get = async (url: string, cookie: string) => {
  const response = await ctx.request({ method: 'GET', url, cookie });
  return { status: response.statusCode, body: response.json() };
};

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(() => ctx.clock.set(NOW));

/** A company with two finished, one active and two scheduled events; the employee is assigned to one finished and the active one. */
async function companyWithEvents(label: string) {
  const company = await ctx.factories.company(label);
  const supervisor = await signIn('Supervisor', company.id);
  const employee = await signIn('Empleado', company.id);
  const event = (start: string, end: string, assignedTo: string[] = []) => insertTestEvent(ctx.db, { companyId: company.id, start, end, assignedTo });
  await event('2026-11-20T08:00:00Z', '2026-11-20T16:00:00Z', [employee.user.id]);
  await event('2026-11-10T08:00:00Z', '2026-11-10T16:00:00Z');
  await event('2026-11-21T08:00:00Z', '2026-11-21T16:00:00Z', [employee.user.id]);
  await event('2026-11-22T08:00:00Z', '2026-11-22T16:00:00Z');
  await event('2026-12-05T08:00:00Z', '2026-12-05T16:00:00Z');
  return { company, supervisor, employee };
}

describe('GET /api/overview/summary', () => {
  it('counts the company events and the active ones for a supervisor', async () => {
    const { supervisor } = await companyWithEvents('Resumen');
    const { status, body } = await get('/api/overview/summary', supervisor.cookie);
    expect(status).toBe(200);
    expect(body).toEqual({ totalMinutes: 0, totalEvents: 5, activeEvents: 1, recordCount: 0 });
    ctx.clock.set('2026-11-21T17:00:00.000Z');
    expect((await get('/api/overview/summary', supervisor.cookie)).body.activeEvents).toBe(0);
  });

  it("counts only an employee's assigned events", async () => {
    const { employee } = await companyWithEvents('Propio');
    expect((await get('/api/overview/summary', employee.cookie)).body).toEqual({ totalMinutes: 0, totalEvents: 2, activeEvents: 1, recordCount: 0 });
  });

  it('counts every company for the admin, or the one chosen', async () => {
    const { company } = await companyWithEvents('Global');
    const admin = await signIn('Administrador', null);
    const all = (await get('/api/overview/summary', admin.cookie)).body;
    const total = Number((await ctx.db.selectFrom('events').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()).count);
    expect(all.totalEvents).toBe(total);
    expect((await get(`/api/overview/summary?companyId=${company.id}`, admin.cookie)).body.totalEvents).toBe(5);
  });

  it("sums the viewer's completed records and counts all of them", async () => {
    const { company, employee } = await companyWithEvents('Horas');
    const other = await signIn('Empleado', company.id);
    const record = (userId: string, minutes: number | null) =>
      ctx.db
        .insertInto('time_records')
        .values({
          id: `tr-${Math.random().toString(36).slice(2)}`,
          company_id: company.id,
          user_id: userId,
          event_id: 'evt-x',
          start_time: '2026-11-20T08:00:00.000Z',
          end_time: minutes === null ? null : '2026-11-20T10:00:00.000Z',
          duration: minutes,
          status: minutes === null ? 'activo' : 'completado',
          start_location: null,
          end_location: null,
          created_at: '2026-11-20T08:00:00.000Z',
        })
        .execute();
    await record(employee.user.id, 125);
    await record(employee.user.id, 60);
    await record(employee.user.id, null);
    await record(other.user.id, 500);
    const mine = (await get('/api/overview/summary', employee.cookie)).body;
    expect(mine).toMatchObject({ totalMinutes: 185, recordCount: 3 });
    const admin = await signIn('Administrador', null);
    expect((await get(`/api/overview/summary?companyId=${company.id}`, admin.cookie)).body).toMatchObject({ totalMinutes: 685, recordCount: 4 });
  });

  it('answers 401 when signed out', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/overview/summary' })).statusCode).toBe(401);
  });
});
