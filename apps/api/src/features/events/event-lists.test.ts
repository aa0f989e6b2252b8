import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RoleName } from '@jornada/shared/permissions';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertTestEvent } from '../../test/factories';

const NOW = '2026-11-21T10:00:00.000Z';
let ctx: TestContext;

async function signIn(role: RoleName, companyId: string | null, name?: string) {
  const user = await ctx.factories.user({ role, companyId, name });
  return { user, cookie: await ctx.login(user.username, user.password) };
}

const get = async (url: string, cookie: string) => {
  const response = await ctx.request({ method: 'GET', url, cookie });
  return { status: response.statusCode, body: response.json() };
};
/** Sessions idle out after 12 h, so a test that moves the clock a day signs in again. */
const moveClockAndSignIn = async (instant: string, user: { username: string; password: string }) => {
  ctx.clock.set(instant);
  return ctx.login(user.username, user.password);
};
const names = (body: { items: { name: string }[] }) => body.items.map((event) => event.name);

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(() => ctx.clock.set(NOW));

/** A company with a past, a current and two future events, a supervisor and an employee assigned to two. */
async function companyWithEvents(label: string) {
  const company = await ctx.factories.company(label);
  const supervisor = await signIn('Supervisor', company.id);
  const employee = await signIn('Empleado', company.id, `Empleado ${label}`);
  const past = await insertTestEvent(ctx.db, { companyId: company.id, name: `${label} pasado`, start: '2026-11-20T08:00:00Z', end: '2026-11-20T16:00:00Z', assignedTo: [employee.user.id] });
  const older = await insertTestEvent(ctx.db, { companyId: company.id, name: `${label} antiguo`, start: '2026-11-10T08:00:00Z', end: '2026-11-10T16:00:00Z' });
  const current = await insertTestEvent(ctx.db, { companyId: company.id, name: `${label} actual`, start: '2026-11-21T08:00:00Z', end: '2026-11-21T16:00:00Z', assignedTo: [employee.user.id] });
  const soon = await insertTestEvent(ctx.db, { companyId: company.id, name: `${label} pronto`, start: '2026-11-22T08:00:00Z', end: '2026-11-22T16:00:00Z' });
  const later = await insertTestEvent(ctx.db, { companyId: company.id, name: `${label} después`, start: '2026-12-05T08:00:00Z', end: '2026-12-05T16:00:00Z' });
  return { company, supervisor, employee, past, older, current, soon, later };
}

describe('GET /api/events (manage events)', () => {
  it('defaults to Programado, by start, and reads status from the clock', async () => {
    const { supervisor } = await companyWithEvents('Lista');
    expect(names((await get('/api/events', supervisor.cookie)).body)).toEqual(['Lista pronto', 'Lista después']);
    expect(names((await get('/api/events?status=Activo', supervisor.cookie)).body)).toEqual(['Lista actual']);
    const cookie = await moveClockAndSignIn('2026-11-22T09:00:00.000Z', supervisor.user);
    expect(names((await get('/api/events?status=Activo', cookie)).body)).toEqual(['Lista pronto']);
    expect(names((await get('/api/events?status=Programado', cookie)).body)).toEqual(['Lista después']);
  });

  it('lists Finalizado by end, newest first, and a set of statuses by start', async () => {
    const { supervisor } = await companyWithEvents('Estados');
    expect(names((await get('/api/events?status=Finalizado', supervisor.cookie)).body)).toEqual(['Estados pasado', 'Estados antiguo']);
    expect(names((await get('/api/events?status=Programado,Activo', supervisor.cookie)).body)).toEqual(['Estados actual', 'Estados pronto', 'Estados después']);
    expect(names((await get('/api/events?status=Activo&status=Finalizado', supervisor.cookie)).body)).toEqual(['Estados antiguo', 'Estados pasado', 'Estados actual']);
    const wrong = await get('/api/events?status=Cancelado', supervisor.cookie);
    expect(wrong.status).toBe(400);
  });

  it('treats the end instant as finished and the start instant as active', async () => {
    const { supervisor } = await companyWithEvents('Límites');
    ctx.clock.set('2026-11-21T16:00:00.000Z');
    expect(names((await get('/api/events?status=Activo', supervisor.cookie)).body)).toEqual([]);
    const cookie = await moveClockAndSignIn('2026-11-22T08:00:00.000Z', supervisor.user);
    expect(names((await get('/api/events?status=Activo', cookie)).body)).toEqual(['Límites pronto']);
  });

  it('filters by a start range (the calendar month of the form)', async () => {
    const { supervisor } = await companyWithEvents('Rango');
    const { body } = await get('/api/events?status=Programado,Activo,Finalizado&from=2026-11-21T00:00:00Z&to=2026-12-01T00:00:00Z', supervisor.cookie);
    expect(names(body)).toEqual(['Rango actual', 'Rango pronto']);
  });

  it('pages with a cursor without repeating or skipping', async () => {
    const { supervisor } = await companyWithEvents('Páginas');
    const first = await get('/api/events?status=Programado,Activo,Finalizado&limit=2', supervisor.cookie);
    expect(names(first.body)).toEqual(['Páginas antiguo', 'Páginas pasado']);
    const second = await get(`/api/events?status=Programado,Activo,Finalizado&limit=2&cursor=${first.body.nextCursor}`, supervisor.cookie);
    expect(names(second.body)).toEqual(['Páginas actual', 'Páginas pronto']);
    const third = await get(`/api/events?status=Programado,Activo,Finalizado&limit=2&cursor=${second.body.nextCursor}`, supervisor.cookie);
    expect(names(third.body)).toEqual(['Páginas después']);
    expect(third.body.nextCursor).toBeNull();
    const broken = await get('/api/events?cursor=no-es-un-cursor', supervisor.cookie);
    expect(broken.status).toBe(400);
    expect((await get('/api/events?limit=500', supervisor.cookie)).status).toBe(400);
  });

  it('shows a supervisor only their company, and the admin every company or the one chosen', async () => {
    const north = await companyWithEvents('Norte');
    const south = await companyWithEvents('Sur');
    expect(names((await get('/api/events?limit=200', north.supervisor.cookie)).body).every((name: string) => name.startsWith('Norte'))).toBe(true);
    const admin = await signIn('Administrador', null);
    const all = names((await get('/api/events?limit=200', admin.cookie)).body);
    expect(all).toEqual(expect.arrayContaining(['Norte pronto', 'Sur pronto']));
    const chosen = await get(`/api/events?limit=200&companyId=${south.company.id}`, admin.cookie);
    expect(names(chosen.body)).toEqual(['Sur pronto', 'Sur después']);
    expect(chosen.body.items[0].companyName).toBe('Sur');
  });
});

describe('GET /api/events/supervise and /api/events/log', () => {
  it('lists Activo and Programado by start with the staff names', async () => {
    const { supervisor, employee, current } = await companyWithEvents('Supervisión');
    const { status, body } = await get('/api/events/supervise', supervisor.cookie);
    expect(status).toBe(200);
    expect(names(body)).toEqual(['Supervisión actual', 'Supervisión pronto', 'Supervisión después']);
    expect(body.items[0]).toMatchObject({ id: current.id, status: 'Activo', assignedEmployeeNames: [`Empleado Supervisión`] });
    expect(body.items[1]).toMatchObject({ status: 'Programado', assignedEmployees: [], assignedEmployeeNames: [] });
    expect(employee.user.id).toBe(body.items[0].assignedEmployees[0]);
  });

  it("resolves a deleted user to 'Usuario no encontrado'", async () => {
    const company = await ctx.factories.company('Bajas');
    const supervisor = await signIn('Supervisor', company.id);
    const gone = await ctx.factories.user({ role: 'Empleado', companyId: company.id, name: 'Zoe Ida' });
    const stays = await ctx.factories.user({ role: 'Empleado', companyId: company.id, name: 'Abel Sigue' });
    await insertTestEvent(ctx.db, { companyId: company.id, start: '2026-11-23T08:00:00Z', end: '2026-11-23T16:00:00Z', assignedTo: [gone.id, stays.id] });
    await ctx.db.updateTable('users').set({ is_deleted: 1, is_disabled: 1 }).where('id', '=', gone.id).execute();
    const { body } = await get('/api/events/supervise', supervisor.cookie);
    expect(body.items[0].assignedEmployeeNames).toEqual(['Abel Sigue', 'Usuario no encontrado']);
  });

  it('lists finished events, newest end first, including one finished early', async () => {
    const { supervisor, current } = await companyWithEvents('Registro');
    ctx.clock.set('2026-11-21T12:00:00.000Z');
    await ctx.request({ method: 'POST', url: `/api/events/${current.id}/finish`, payload: {}, cookie: supervisor.cookie });
    const { body } = await get('/api/events/log', supervisor.cookie);
    expect(names(body)).toEqual(['Registro actual', 'Registro pasado', 'Registro antiguo']);
    expect(body.items[0]).toMatchObject({ endDate: '2026-11-21T12:00:00.000Z', status: 'Finalizado' });
  });
});

describe('GET /api/events/:id (event detail) and visibility', () => {
  it('shows an assigned employee the event with only themself among the staff', async () => {
    const { employee, current, supervisor } = await companyWithEvents('Detalle');
    const colleague = await ctx.factories.user({ role: 'Empleado', companyId: (await ctx.db.selectFrom('events').select('company_id').where('id', '=', current.id).executeTakeFirstOrThrow()).company_id });
    await ctx.request({ method: 'PUT', url: `/api/events/${current.id}/assignments`, payload: { assignedEmployees: [employee.user.id, colleague.id] }, cookie: supervisor.cookie });
    const forEmployee = await get(`/api/events/${current.id}`, employee.cookie);
    expect(forEmployee.status).toBe(200);
    expect(forEmployee.body).toMatchObject({ id: current.id, status: 'Activo', assignedEmployees: [employee.user.id] });
    const forSupervisor = await get(`/api/events/${current.id}`, supervisor.cookie);
    expect(forSupervisor.body.assignedEmployees).toHaveLength(2);
  });

  it('answers 404 to an employee for an event they are not assigned to', async () => {
    const { employee, soon } = await companyWithEvents('Ajeno');
    const response = await get(`/api/events/${soon.id}`, employee.cookie);
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe('No se pudo encontrar el evento.');
  });

  it("answers 404 for another company's event, and lets the admin read any", async () => {
    const north = await companyWithEvents('Visible');
    const south = await companyWithEvents('Oculto');
    expect((await get(`/api/events/${south.soon.id}`, north.supervisor.cookie)).status).toBe(404);
    const admin = await signIn('Administrador', null);
    expect((await get(`/api/events/${south.soon.id}`, admin.cookie)).status).toBe(200);
  });

  it('answers 401 when signed out', async () => {
    const { soon } = await companyWithEvents('Anónimo');
    expect((await ctx.request({ method: 'GET', url: `/api/events/${soon.id}` })).statusCode).toBe(401);
  });
});

describe('GET /api/events/shifts (Mis Turnos)', () => {
  it("lists the user's Programado and Activo events ascending for 'active' and by default", async () => {
    const { employee } = await companyWithEvents('Turnos');
    const company = (await ctx.db.selectFrom('users').select('company_id').where('id', '=', employee.user.id).executeTakeFirstOrThrow()).company_id!;
    await insertTestEvent(ctx.db, { companyId: company, name: 'Turnos futuro', start: '2026-11-25T08:00:00Z', end: '2026-11-25T16:00:00Z', assignedTo: [employee.user.id] });
    expect(names((await get('/api/events/shifts?filter=active', employee.cookie)).body)).toEqual(['Turnos actual', 'Turnos futuro']);
    expect(names((await get('/api/events/shifts', employee.cookie)).body)).toEqual(['Turnos actual', 'Turnos futuro']);
  });

  it('lists Finalizado events by start descending for any other filter', async () => {
    const { employee } = await companyWithEvents('Acabados');
    const company = (await ctx.db.selectFrom('users').select('company_id').where('id', '=', employee.user.id).executeTakeFirstOrThrow()).company_id!;
    await insertTestEvent(ctx.db, { companyId: company, name: 'Acabados viejo', start: '2026-11-01T08:00:00Z', end: '2026-11-01T16:00:00Z', assignedTo: [employee.user.id] });
    expect(names((await get('/api/events/shifts?filter=finished', employee.cookie)).body)).toEqual(['Acabados pasado', 'Acabados viejo']);
    expect(names((await get('/api/events/shifts?filter=loquesea', employee.cookie)).body)).toEqual(['Acabados pasado', 'Acabados viejo']);
    ctx.clock.set('2026-11-21T16:00:00.000Z');
    expect(names((await get('/api/events/shifts?filter=finished', employee.cookie)).body)).toEqual(['Acabados actual', 'Acabados pasado', 'Acabados viejo']);
  });

  it("shows a supervisor only their own shifts and refuses the admin", async () => {
    const { supervisor } = await companyWithEvents('Propios');
    expect(names((await get('/api/events/shifts', supervisor.cookie)).body)).toEqual([]);
    const admin = await signIn('Administrador', null);
    expect((await get('/api/events/shifts', admin.cookie)).status).toBe(403);
  });
});

describe('GET /api/events/calendar', () => {
  it('returns the events starting in a month of the company time zone', async () => {
    const company = await ctx.factories.company('Calendario');
    const supervisor = await signIn('Supervisor', company.id);
    await insertTestEvent(ctx.db, { companyId: company.id, name: 'Último de octubre', start: '2026-10-31T22:30:00Z', end: '2026-11-01T02:00:00Z' }); // 23:30 local, October
    await insertTestEvent(ctx.db, { companyId: company.id, name: 'Primero de noviembre', start: '2026-10-31T23:30:00Z', end: '2026-11-01T02:00:00Z' }); // 00:30 local, 1 November
    await insertTestEvent(ctx.db, { companyId: company.id, name: 'Fin de noviembre', start: '2026-11-30T22:30:00Z', end: '2026-11-30T23:00:00Z' }); // 23:30 local
    await insertTestEvent(ctx.db, { companyId: company.id, name: 'Primero de diciembre', start: '2026-11-30T23:30:00Z', end: '2026-12-01T02:00:00Z' }); // 00:30 local
    const { status, body } = await get('/api/events/calendar?month=2026-11', supervisor.cookie);
    expect(status).toBe(200);
    expect(body.month).toBe('2026-11');
    expect(body.truncated).toBe(false);
    expect(names(body)).toEqual(['Primero de noviembre', 'Fin de noviembre']);
    expect((await get('/api/events/calendar?month=2026-13', supervisor.cookie)).status).toBe(400);
  });

  it('shows an employee only their assigned events', async () => {
    const { employee } = await companyWithEvents('Mes');
    expect(names((await get('/api/events/calendar?month=2026-11', employee.cookie)).body)).toEqual(['Mes pasado', 'Mes actual']);
  });
});
