import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertTestEvent } from '../../test/factories';

let ctx: TestContext;
let companyA: { id: string };
let companyB: { id: string };
const here = { lat: 40.4167754, lng: -3.7037902, accuracy: 12 };

interface Person { id: string; cookie: string; name: string }
let employee: Person;
let otherEmployee: Person;
let supervisor: Person;
let foreignEmployee: Person;
let adminCookie: string;

async function person(role: 'Empleado' | 'Supervisor', companyId: string, name: string): Promise<Person> {
  const user = await ctx.factories.user({ role, companyId, name });
  return { id: user.id, name, cookie: await ctx.login(user.username, user.password) };
}

/** An event running from 1 hour ago to 3 hours ahead of the test clock, unless told otherwise. */
function runningEvent(companyId: string, assignedTo: string[], offsets = { startMin: -60, endMin: 180 }, name = 'Concierto') {
  const now = ctx.clock().getTime();
  return insertTestEvent(ctx.db, {
    companyId,
    name,
    start: new Date(now + offsets.startMin * 60_000).toISOString(),
    end: new Date(now + offsets.endMin * 60_000).toISOString(),
    assignedTo,
  });
}

const start = (cookie: string, payload: unknown) => ctx.request({ method: 'POST', url: '/api/time-records/start', cookie, payload: payload as object });
const stop = (cookie: string, id: string, payload: unknown = { location: here }) =>
  ctx.request({ method: 'POST', url: `/api/time-records/${id}/stop`, cookie, payload: payload as object });

beforeAll(async () => {
  ctx = await createTestContext();
  companyA = await ctx.factories.company('Norte');
  companyB = await ctx.factories.company('Sur');
  employee = await person('Empleado', companyA.id, 'Juan Pérez');
  otherEmployee = await person('Empleado', companyA.id, 'Lucía García');
  supervisor = await person('Supervisor', companyA.id, 'Marta López');
  foreignEmployee = await person('Empleado', companyB.id, 'Pedro Sur');
  const admin = await ctx.factories.user({ role: 'Administrador' });
  adminCookie = await ctx.login(admin.username, admin.password);
});
afterAll(() => ctx.close());

async function stopAnyActive(cookie: string) {
  const active = (await ctx.request({ method: 'GET', url: '/api/time-records/active', cookie })).json().record;
  if (active) await stop(cookie, active.id);
}

describe('clock-in', () => {
  it('starts a timer at the server time, ignoring any time the client sends', async () => {
    const event = await runningEvent(companyA.id, [employee.id]);
    const response = await start(employee.cookie, { eventId: event.id, location: here, startTime: '2001-01-01T00:00:00Z', status: 'completado' });
    expect(response.statusCode).toBe(201);
    const record = response.json();
    expect(record).toMatchObject({ eventId: event.id, userId: employee.id, companyId: companyA.id, status: 'activo', endTime: null, duration: null, eventName: 'Concierto' });
    expect(record.startTime).toBe(ctx.clock().toISOString());
    expect(record.startLocation).toEqual(here);
    const active = await ctx.request({ method: 'GET', url: '/api/time-records/active', cookie: employee.cookie });
    expect(active.json().record.id).toBe(record.id);
    await stop(employee.cookie, record.id);
  });

  it('refuses a second timer while one is active', async () => {
    const first = await runningEvent(companyA.id, [employee.id]);
    const second = await runningEvent(companyA.id, [employee.id]);
    expect((await start(employee.cookie, { eventId: first.id, location: here })).statusCode).toBe(201);
    const refused = await start(employee.cookie, { eventId: second.id, location: here });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'TIMER_ALREADY_ACTIVE', message: 'Ya tienes un temporizador en curso.' });
    await stopAnyActive(employee.cookie);
  });

  it('keeps exactly one active record under concurrent starts', async () => {
    const events = await Promise.all(Array.from({ length: 3 }, () => runningEvent(companyA.id, [otherEmployee.id])));
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) => start(otherEmployee.cookie, { eventId: events[index % 3]!.id, location: here })),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(11);
    const active = await ctx.db.selectFrom('time_records').select('id').where('user_id', '=', otherEmployee.id).where('status', '=', 'activo').execute();
    expect(active).toHaveLength(1);
    await stopAnyActive(otherEmployee.cookie);
  });

  it('refuses before the start and after the end', async () => {
    const early = await runningEvent(companyA.id, [employee.id], { startMin: 30, endMin: 120 });
    const tooEarly = await start(employee.cookie, { eventId: early.id, location: here });
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().error).toEqual({ code: 'CLOCK_IN_TOO_EARLY', message: 'No puedes fichar hasta la hora de inicio.' });
    const over = await runningEvent(companyA.id, [employee.id], { startMin: -120, endMin: -1 });
    const finished = await start(employee.cookie, { eventId: over.id, location: here });
    expect(finished.statusCode).toBe(409);
    expect(finished.json().error).toEqual({ code: 'EVENT_FINISHED', message: 'El evento ya ha finalizado.' });
    expect(await ctx.db.selectFrom('time_records').select('id').where('event_id', 'in', [early.id, over.id]).execute()).toHaveLength(0);
  });

  it('lets only assigned employees and the company supervisors clock in', async () => {
    const event = await runningEvent(companyA.id, [otherEmployee.id]);
    const notAssigned = await start(employee.cookie, { eventId: event.id, location: here });
    expect(notAssigned.statusCode).toBe(404);
    expect(notAssigned.json().error.message).toBe('No se pudo encontrar el evento.');
    const foreign = await start(foreignEmployee.cookie, { eventId: event.id, location: here });
    expect(foreign.statusCode).toBe(404);
    const bySupervisor = await start(supervisor.cookie, { eventId: event.id, location: here });
    expect(bySupervisor.statusCode).toBe(201);
    await stopAnyActive(supervisor.cookie);
  });

  it('refuses administrators and anonymous callers', async () => {
    const event = await runningEvent(companyA.id, []);
    expect((await start(adminCookie, { eventId: event.id, location: here })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'POST', url: '/api/time-records/start', payload: { eventId: event.id, location: here } })).statusCode).toBe(401);
  });

  it('requires a valid location', async () => {
    const event = await runningEvent(companyA.id, [employee.id]);
    const missing = await start(employee.cookie, { eventId: event.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Debes permitir el acceso a la ubicación para fichar.');
    const outOfRange = await start(employee.cookie, { eventId: event.id, location: { lat: 123, lng: 0 } });
    expect(outOfRange.statusCode).toBe(400);
    expect(await ctx.db.selectFrom('time_records').select('id').where('event_id', '=', event.id).execute()).toHaveLength(0);
  });
});

describe('clockable events', () => {
  it("lists the caller's assigned events under way, even when the company withholds 'shifts'", async () => {
    const user = await person('Empleado', companyA.id, 'Rosa Turnos');
    const now = await runningEvent(companyA.id, [user.id], { startMin: -10, endMin: 60 }, 'Ahora');
    await runningEvent(companyA.id, [user.id], { startMin: 30, endMin: 90 }, 'Luego');
    await runningEvent(companyA.id, [employee.id], { startMin: -10, endMin: 60 }, 'De otro');
    await ctx.db.deleteFrom('company_permissions').where('company_id', '=', companyA.id).where('view_id', '=', 'shifts').execute();
    const response = await ctx.request({ method: 'GET', url: '/api/time-records/clockable-events', cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((event: { id: string }) => event.id)).toEqual([now.id]);
    expect((await ctx.request({ method: 'GET', url: '/api/time-records/clockable-events', cookie: adminCookie })).statusCode).toBe(403);
  });
});

describe('stop', () => {
  it('completes the record with the server end time, whole minutes and the end location', async () => {
    const event = await runningEvent(companyA.id, [employee.id]);
    const record = (await start(employee.cookie, { eventId: event.id, location: here })).json();
    ctx.clock.advance(125 * 60_000 + 59_000);
    const response = await stop(employee.cookie, record.id, { location: { lat: 40.42, lng: -3.71 }, endTime: '1999-01-01T00:00:00Z' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'completado', duration: 125, endTime: ctx.clock().toISOString(), endLocation: { lat: 40.42, lng: -3.71, accuracy: null } });
    const again = await stop(employee.cookie, record.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('NO_ACTIVE_TIMER');
  });

  it("cannot stop another user's record", async () => {
    const event = await runningEvent(companyA.id, [employee.id, otherEmployee.id]);
    const record = (await start(employee.cookie, { eventId: event.id, location: here })).json();
    expect((await stop(otherEmployee.cookie, record.id)).statusCode).toBe(404);
    expect((await stop(supervisor.cookie, record.id)).statusCode).toBe(404);
    expect((await stop(foreignEmployee.cookie, record.id)).statusCode).toBe(404);
    const stored = await ctx.db.selectFrom('time_records').select('status').where('id', '=', record.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe('activo');
    await stop(employee.cookie, record.id);
  });

  it('offers no way to edit or delete a completed record', async () => {
    const routes = ctx.app.printRoutes({ commonPrefix: false });
    expect(routes).not.toMatch(/time-records.*\((PUT|PATCH|DELETE)/);
  });
});

describe('Mis Horas and the time log', () => {
  it('lists a month in Madrid time with its total of completed minutes', async () => {
    const user = await person('Empleado', companyA.id, 'Ana Mes');
    const event = await runningEvent(companyA.id, [user.id]);
    ctx.clock.set('2026-10-31T23:30:00Z'); // already November in Madrid
    await ctx.db.updateTable('events').set({ start_time: '2026-10-31T20:00:00.000Z', end_time: '2026-11-01T06:00:00.000Z' }).where('id', '=', event.id).execute();
    const record = (await start(user.cookie, { eventId: event.id, location: here })).json();
    ctx.clock.advance(90 * 60_000);
    await stop(user.cookie, record.id);
    const november = await ctx.request({ method: 'GET', url: '/api/my-hours?month=2026-11', cookie: user.cookie });
    expect(november.json()).toMatchObject({ totalMinutes: 90, records: [{ id: record.id, eventName: 'Concierto' }] });
    const october = await ctx.request({ method: 'GET', url: '/api/my-hours?month=2026-10', cookie: user.cookie });
    expect(october.json()).toEqual({ records: [], totalMinutes: 0 });
    const bad = await ctx.request({ method: 'GET', url: '/api/my-hours?month=2026-13', cookie: user.cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('El mes debe tener el formato aaaa-MM.');
  });

  it('pages the time log newest first, within the company', async () => {
    const event = await runningEvent(companyB.id, [foreignEmployee.id], { startMin: -60, endMin: 600 }, 'Marcador-Sur');
    for (let index = 0; index < 3; index++) {
      const record = (await start(foreignEmployee.cookie, { eventId: event.id, location: here })).json();
      ctx.clock.advance(5 * 60_000);
      await stop(foreignEmployee.cookie, record.id);
    }
    const supervisorLog = await ctx.request({ method: 'GET', url: '/api/time-records?limit=200', cookie: supervisor.cookie });
    expect(supervisorLog.statusCode).toBe(200);
    expect(supervisorLog.body).not.toContain('Marcador-Sur');
    expect(supervisorLog.json().records.every((record: { companyId: string }) => record.companyId === companyA.id)).toBe(true);

    const firstPage = (await ctx.request({ method: 'GET', url: `/api/time-records?limit=2&companyId=${companyB.id}`, cookie: adminCookie })).json();
    expect(firstPage.records).toHaveLength(2);
    expect(firstPage.records[0].userName).toBe('Pedro Sur');
    expect(firstPage.records[0].companyName).toBe('Sur');
    expect(firstPage.records[0].startTime >= firstPage.records[1].startTime).toBe(true);
    const secondPage = (await ctx.request({ method: 'GET', url: `/api/time-records?limit=2&companyId=${companyB.id}&cursor=${firstPage.nextCursor}`, cookie: adminCookie })).json();
    expect(secondPage.records).toHaveLength(1);
    expect(secondPage.nextCursor).toBeNull();
    expect(new Set([...firstPage.records, ...secondPage.records].map((r: { id: string }) => r.id)).size).toBe(3);
  });

  it('keeps the time log from employees and from a withheld view', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/time-records', cookie: employee.cookie })).statusCode).toBe(403);
    const bad = await ctx.request({ method: 'GET', url: '/api/time-records?cursor=bm9wZQ', cookie: supervisor.cookie });
    expect(bad.statusCode).toBe(400);
  });

  it('drops a deleted company\'s records from every screen (they stay archived)', async () => {
    const doomed = await ctx.factories.company('Efímera');
    const worker = await person('Empleado', doomed.id, 'Olga Efímera');
    const event = await runningEvent(doomed.id, [worker.id], { startMin: -60, endMin: 600 }, 'Marcador-Efímera');
    const record = (await start(worker.cookie, { eventId: event.id, location: here })).json();
    await stop(worker.cookie, record.id);
    expect((await ctx.request({ method: 'GET', url: '/api/time-records?limit=200', cookie: adminCookie })).body).toContain('Marcador-Efímera');
    const deletion = await ctx.request({ method: 'DELETE', url: `/api/companies/${doomed.id}`, cookie: adminCookie, payload: { confirmName: 'Efímera' } });
    expect(deletion.statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: '/api/time-records?limit=200', cookie: adminCookie })).body).not.toContain(record.id);
    const archived = await ctx.db.selectFrom('time_records').select('id').where('id', '=', record.id).execute();
    expect(archived).toHaveLength(1);
  });
});
