import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestEvent } from '../../test/factories';
import { createEventsWorld, type EventsWorld } from './events.test-world';

/*
 * Issue 21 item 9: GET /api/events/assignee-availability tells the assign-employees picker, for
 * the times as typed, who is on vacation, who is already booked and whose working-time rules the
 * assignment breaks. Company-scoped like the event routes: another company's people never appear.
 */
let world: EventsWorld;
let morningId: string;
// Thursday 3 December 2026, 10:00–14:00 in Madrid.
const morning = { name: 'Guardia Mañana', location: 'Museo', date: '2026-12-03T09:00:00.000Z', endDate: '2026-12-03T13:00:00.000Z' };
const planned = { date: '2026-12-03T12:00:00.000Z', endDate: '2026-12-03T16:00:00.000Z' };

const get = (query: Record<string, string>, cookie: string | undefined) =>
  world.ctx.request({ method: 'GET', url: `/api/events/assignee-availability?${new URLSearchParams(query).toString()}`, cookie });

beforeAll(async () => {
  world = await createEventsWorld();
  // Ana Ruiz is booked in the morning; Juan Pérez has 3 December as a confirmed vacation.
  const created = await world.post('/api/events', { ...morning, assignedEmployees: [world.colleague.id] }, world.cookies.supervisor);
  morningId = created.json().items[0].id;
  const request = await world.post('/api/my-vacations', { dates: ['2026-12-03'] }, world.cookies.employee);
  expect((await world.post(`/api/vacations/${request.json().id}/approve`, {}, world.cookies.supervisor)).statusCode).toBe(200);
  // The other company books its employee at the same time: never part of our answer.
  await insertTestEvent(world.ctx.db, { companyId: world.otherCompany.id, start: morning.date, end: morning.endDate, assignedTo: [world.outsider.id] });
});
afterAll(() => world.ctx.close());

describe('GET /api/events/assignee-availability', () => {
  it("lists the company's people with their vacation and other events, and nobody of another company", async () => {
    const response = await get(planned, world.cookies.supervisor);
    expect(response.statusCode).toBe(200);
    const { employees } = response.json();
    const byId = new Map(employees.map((item: { userId: string }) => [item.userId, item]));
    expect(byId.has(world.outsider.id)).toBe(false);
    expect([...byId.keys()]).toEqual(expect.arrayContaining([world.employee.id, world.colleague.id, world.supervisor.id]));
    expect(byId.get(world.employee.id)).toEqual({ userId: world.employee.id, vacationDays: ['2026-12-03'], busy: [], busyCount: 0, warnings: [], warningCount: 0 });
    expect(byId.get(world.colleague.id)).toMatchObject({
      vacationDays: [],
      busy: [{ eventId: morningId, eventName: 'Guardia Mañana', date: morning.date, endDate: morning.endDate }],
      busyCount: 1,
    });
    expect(byId.get(world.supervisor.id)).toMatchObject({ vacationDays: [], busy: [], warnings: [] });
  });

  it('does not count the edited event against its own staff', async () => {
    const response = await get({ ...morning, eventId: morningId }, world.cookies.supervisor);
    const colleague = response.json().employees.find((item: { userId: string }) => item.userId === world.colleague.id);
    expect(colleague).toMatchObject({ busy: [], busyCount: 0 });
  });

  it('shows the working-time rules the assignment would break', async () => {
    // 07:00–20:00 local on another day: 13 h against the Estatuto's 9.
    const response = await get({ date: '2026-12-04T06:00:00.000Z', endDate: '2026-12-04T19:00:00.000Z' }, world.cookies.supervisor);
    const supervisor = response.json().employees.find((item: { userId: string }) => item.userId === world.supervisor.id);
    expect(supervisor).toMatchObject({ warnings: ['Jornada diaria: 13 h, máximo 9 h (exceso 4 h)'], warningCount: 1, busy: [], vacationDays: [] });
  });

  it('checks every day of a constant event', async () => {
    // Wednesdays and Thursdays 13:00–14:00 local from 2 to 10 December: 3 December is Juan's vacation and Ana's morning.
    const response = await get({ type: 'constant', repeatDays: '2,3', date: '2026-12-02T12:00:00.000Z', endDate: '2026-12-10T13:00:00.000Z' }, world.cookies.supervisor);
    expect(response.statusCode).toBe(200);
    const byId = new Map(response.json().employees.map((item: { userId: string }) => [item.userId, item]));
    expect(byId.get(world.employee.id)).toMatchObject({ vacationDays: ['2026-12-03'] });
    expect(byId.get(world.colleague.id)).toMatchObject({ busyCount: 1 });
  });

  it("lets the administrator ask about a chosen company, and another company's supervisor only about theirs", async () => {
    const admin = await get({ ...planned, companyId: world.company.id }, world.cookies.admin);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().employees.map((item: { userId: string }) => item.userId)).toContain(world.colleague.id);
    const noCompany = await get(planned, world.cookies.admin);
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().error.message).toBe('Selecciona la empresa del evento.');

    const foreign = await get({ ...planned, companyId: world.company.id }, world.cookies.otherSupervisor);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.message).toBe('Solo puedes gestionar eventos de tu empresa.');
    const theirs = await get(planned, world.cookies.otherSupervisor);
    const ids = theirs.json().employees.map((item: { userId: string }) => item.userId);
    expect(ids).toContain(world.outsider.id);
    expect(ids).not.toContain(world.colleague.id);
    expect(theirs.json().employees.find((item: { userId: string }) => item.userId === world.outsider.id).busy[0].eventName).not.toBe('Guardia Mañana');
    // Another company's event is not found, not excluded.
    expect((await get({ ...planned, eventId: morningId }, world.cookies.otherSupervisor)).statusCode).toBe(404);
    expect((await get({ ...planned, eventId: morningId, companyId: world.otherCompany.id }, world.cookies.admin)).statusCode).toBe(404);
  });

  it('refuses an Empleado, a signed-out visitor and times that make no sense, in Spanish', async () => {
    expect((await get(planned, world.cookies.employee)).statusCode).toBe(403);
    expect((await get(planned, undefined)).statusCode).toBe(401);
    const backwards = await get({ date: planned.endDate, endDate: planned.date }, world.cookies.supervisor);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toBe('La fecha de fin debe ser posterior a la de inicio.');
    const garbage = await get({ date: 'mañana', endDate: planned.endDate }, world.cookies.supervisor);
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error.message).toBe('La fecha no es válida.');
    const badDays = await get({ ...planned, type: 'constant', repeatDays: '9' }, world.cookies.supervisor);
    expect(badDays.statusCode).toBe(400);
  });
});
