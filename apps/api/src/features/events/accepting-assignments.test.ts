import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRoleIds } from '@jornada/shared/permissions';
import { DECLINE_REASON_MAX } from '@jornada/shared/schemas/events';
import { migrationProvider } from '../../db/migrations';
import { insertTestEvent } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { createEventsWorld, momentary, type EventsWorld } from './events.test-world';

/*
 * Issue 27 item 2 (decision 046): with the company's 'Aceptación de turnos' on, a new assignment is
 * 'Pendiente' until the employee accepts or declines it (with a reason). A declined assignment is
 * kept for the supervisor but no longer staffs the event. Off (the default) nothing changes.
 */
let world: EventsWorld;
const here = { lat: 40.4167754, lng: -3.7037902, accuracy: 12 };
const HOUR = 3_600_000;

const setAccepting = async (companyId: string, on: boolean) => {
  const response = await world.put(`/api/companies/${companyId}/settings`, { geofenceMode: 'flag', autoClockOut: false, autoClockOutToleranceMin: 30, acceptAssignments: on }, world.cookies.admin);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().acceptAssignments).toBe(on);
};
const createEvent = async (overrides: object, assigned: string[]) => {
  const response = await world.post('/api/events', { ...momentary, ...overrides, assignedEmployees: assigned }, world.cookies.supervisor);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().items[0] as { id: string; assignedEmployees: string[]; assignedEmployeeStates: string[] };
};
const answer = (eventId: string, what: 'accept' | 'decline', cookie: string, payload?: object) => world.post(`/api/events/${eventId}/${what}`, payload ?? {}, cookie);
const stateOf = async (eventId: string, userId: string) =>
  (await world.ctx.db.selectFrom('event_assignments').select(['state', 'decline_reason', 'decided_at']).where('event_id', '=', eventId).where('user_id', '=', userId).executeTakeFirst());
const supervisorView = async (eventId: string) => (await world.ctx.request({ method: 'GET', url: `/api/events/${eventId}`, cookie: world.cookies.supervisor })).json();
const myShifts = async (cookie: string) => (await world.ctx.request({ method: 'GET', url: '/api/events/shifts?filter=active', cookie })).json().items as Array<{ id: string; assignedEmployeeStates: string[] }>;

let colleagueCookie: string;
beforeAll(async () => {
  world = await createEventsWorld();
  colleagueCookie = await world.ctx.login(world.colleague.username, world.colleague.password);
});
afterAll(() => world.ctx.close());

describe('accepting assignments', () => {
  it('is off by default: assignments are accepted, and there is nothing to answer', async () => {
    const event = await createEvent({ name: 'Sin aceptación' }, [world.employee.id]);
    expect(event.assignedEmployeeStates).toEqual(['accepted']);
    expect((await stateOf(event.id, world.employee.id))?.state).toBe('accepted');
    const again = await answer(event.id, 'accept', world.cookies.employee);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Ya has aceptado este turno.');
    // Rows written without a state (as before the migration) count as accepted.
    const old = await insertTestEvent(world.ctx.db, { companyId: world.company.id, start: '2026-12-20T10:00:00.000Z', end: '2026-12-20T12:00:00.000Z', assignedTo: [world.employee.id] });
    expect((await stateOf(old.id, world.employee.id))?.state).toBe('accepted');
  });

  it('with the setting on, a new assignment is pending; the employee sees it and may not clock in until they accept', async () => {
    await setAccepting(world.company.id, true);
    const now = world.ctx.clock().getTime();
    const event = await createEvent({ name: 'Turno en curso', date: new Date(now - HOUR).toISOString(), endDate: new Date(now + 3 * HOUR).toISOString() }, [world.employee.id]);
    expect(event.assignedEmployeeStates).toEqual(['pending']);
    const mine = (await myShifts(world.cookies.employee)).find((item) => item.id === event.id);
    expect(mine?.assignedEmployeeStates).toEqual(['pending']);

    const refused = await world.post('/api/time-records/start', { eventId: event.id, location: here }, world.cookies.employee);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Acepta el turno antes de fichar.');
    expect(await world.ctx.db.selectFrom('time_records').select('id').where('event_id', '=', event.id).execute()).toEqual([]);

    const accepted = await answer(event.id, 'accept', world.cookies.employee);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ eventId: event.id, state: 'accepted', reason: null, decidedAt: world.ctx.clock().toISOString() });
    expect((await supervisorView(event.id)).assignedEmployeeStates).toEqual(['accepted']);
    const again = await answer(event.id, 'accept', world.cookies.employee);
    expect(again.statusCode).toBe(409);
    expect((await world.post('/api/time-records/start', { eventId: event.id, location: here }, world.cookies.employee)).statusCode).toBe(201);
  });

  it('declining asks for a reason; the place is freed, the row keeps who and why, and the supervisors hear of it', async () => {
    const event = await createEvent({ name: 'Gala', date: '2026-12-05T18:00:00.000Z', endDate: '2026-12-05T22:00:00.000Z' }, [world.employee.id, world.colleague.id]);
    for (const payload of [{}, { reason: '   ' }, { reason: 'x'.repeat(DECLINE_REASON_MAX + 1) }]) {
      const bad = await answer(event.id, 'decline', world.cookies.employee, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(`Escribe el motivo del rechazo (como mucho ${DECLINE_REASON_MAX} caracteres).`);
    }
    expect((await stateOf(event.id, world.employee.id))?.state).toBe('pending');

    const declined = await answer(event.id, 'decline', world.cookies.employee, { reason: ' Tengo un examen ' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ state: 'declined', reason: 'Tengo un examen' });
    expect(await stateOf(event.id, world.employee.id)).toEqual({ state: 'declined', decline_reason: 'Tengo un examen', decided_at: world.ctx.clock().toISOString() });

    const seen = await supervisorView(event.id);
    expect(seen.assignedEmployees).toEqual([world.colleague.id]);
    expect(seen.assignedEmployeeStates).toEqual(['pending']);
    expect(seen.declinedEmployees).toEqual([{ id: world.employee.id, name: 'Juan Pérez', reason: 'Tengo un examen', decidedAt: world.ctx.clock().toISOString() }]);
    // No longer the employee's shift: not listed, not visible, and a second answer is refused.
    expect((await myShifts(world.cookies.employee)).some((item) => item.id === event.id)).toBe(false);
    expect((await world.ctx.request({ method: 'GET', url: `/api/events/${event.id}`, cookie: world.cookies.employee })).statusCode).toBe(404);
    const again = await answer(event.id, 'decline', world.cookies.employee, { reason: 'Otra vez' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Ya has rechazado este turno.');

    const told = await world.ctx.db.selectFrom('notifications').select(['user_id', 'body', 'link']).where('kind', '=', 'event.declined').execute();
    expect(told).toEqual([{ user_id: world.supervisor.id, body: expect.stringMatching(/^Juan Pérez ha rechazado el evento «Gala» \(.*\)\. Motivo: Tengo un examen$/), link: '/dashboard/manage-events' }]);
    const log = await world.logMessages(world.company.id);
    expect(log.at(-1)).toBe('Juan Pérez ha rechazado el turno del evento «Gala»: Tengo un examen');

    // The freed time is free: an overlapping event may take the employee (no double booking).
    const overlapping = await createEvent({ name: 'Otra gala', date: '2026-12-05T19:00:00.000Z', endDate: '2026-12-05T21:00:00.000Z' }, [world.employee.id]);
    expect(overlapping.assignedEmployees).toEqual([world.employee.id]);
  });

  it('a declined shift under way is not clockable: not listed, and a clock-in is not found', async () => {
    const now = world.ctx.clock().getTime();
    const event = await createEvent({ name: 'Vigilancia nocturna', date: new Date(now - 2 * HOUR).toISOString(), endDate: new Date(now + 2 * HOUR).toISOString() }, [world.colleague.id]);
    const listed = async () => (await world.ctx.request({ method: 'GET', url: '/api/time-records/clockable-events', cookie: colleagueCookie })).json().items.map((item: { id: string }) => item.id);
    expect(await listed()).toContain(event.id);
    expect((await answer(event.id, 'decline', colleagueCookie, { reason: 'Me he puesto enfermo' })).statusCode).toBe(200);
    expect(await listed()).not.toContain(event.id);
    const clockIn = await world.post('/api/time-records/start', { eventId: event.id, location: here }, colleagueCookie);
    expect(clockIn.statusCode).toBe(404);
  });

  it('editing the staff keeps each answer; re-assigning someone who declined asks them again', async () => {
    const event = await createEvent({ name: 'Partido', date: '2026-12-12T16:00:00.000Z', endDate: '2026-12-12T20:00:00.000Z' }, [world.employee.id, world.colleague.id]);
    expect((await answer(event.id, 'accept', colleagueCookie)).statusCode).toBe(200);
    expect((await answer(event.id, 'decline', world.cookies.employee, { reason: 'Boda familiar' })).statusCode).toBe(200);
    // The staff sent as the form shows it (without the declined one): the colleague stays accepted, the declined row stays.
    const kept = await world.put(`/api/events/${event.id}/assignments`, { assignedEmployees: [world.colleague.id] }, world.cookies.supervisor);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ assignedEmployees: [world.colleague.id], assignedEmployeeStates: ['accepted'], declinedEmployees: [{ id: world.employee.id, reason: 'Boda familiar' }] });

    const again = await world.put(`/api/events/${event.id}/assignments`, { assignedEmployees: [world.colleague.id, world.employee.id] }, world.cookies.supervisor);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().declinedEmployees).toEqual([]);
    expect(await stateOf(event.id, world.employee.id)).toEqual({ state: 'pending', decline_reason: null, decided_at: null });
    expect((await answer(event.id, 'accept', world.cookies.employee)).statusCode).toBe(200);
  });

  it("answers only one's own assignment: a colleague's, another company's or none is not found; an administrator is refused", async () => {
    const event = await createEvent({ name: 'Ronda', date: '2026-12-14T08:00:00.000Z', endDate: '2026-12-14T10:00:00.000Z' }, [world.colleague.id]);
    for (const what of ['accept', 'decline'] as const) {
      const payload = what === 'decline' ? { reason: 'No' } : undefined;
      const colleagues = await answer(event.id, what, world.cookies.employee, payload);
      expect(colleagues.statusCode).toBe(404);
      expect(colleagues.json().error.message).toBe('No tienes asignado ese turno.');
      expect((await answer('evt-missing', what, world.cookies.employee, payload)).statusCode).toBe(404);
      expect((await answer(event.id, what, world.cookies.otherSupervisor, payload)).statusCode).toBe(404);
      expect((await answer(event.id, what, world.cookies.admin, payload)).statusCode).toBe(403);
    }
    expect((await stateOf(event.id, world.colleague.id))?.state).toBe('pending');
  });

  it("the employee's calendar month shows their own answer, and not a shift they declined", async () => {
    const waiting = await createEvent({ name: 'Concierto', date: '2026-12-20T18:00:00.000Z', endDate: '2026-12-20T22:00:00.000Z' }, [world.employee.id]);
    const accepted = await createEvent({ name: 'Feria', date: '2026-12-21T18:00:00.000Z', endDate: '2026-12-21T22:00:00.000Z' }, [world.employee.id]);
    const declined = await createEvent({ name: 'Mitin', date: '2026-12-22T18:00:00.000Z', endDate: '2026-12-22T22:00:00.000Z' }, [world.employee.id]);
    expect((await answer(accepted.id, 'accept', world.cookies.employee)).statusCode).toBe(200);
    expect((await answer(declined.id, 'decline', world.cookies.employee, { reason: 'Viaje' })).statusCode).toBe(200);
    const calendar = await world.ctx.request({ method: 'GET', url: '/api/events/calendar?month=2026-12', cookie: world.cookies.employee });
    expect(calendar.statusCode).toBe(200);
    const items = new Map((calendar.json().items as { id: string }[]).map((item) => [item.id, item]));
    expect(items.get(waiting.id)).toMatchObject({ assignedEmployees: [world.employee.id], assignedEmployeeStates: ['pending'] });
    expect(items.get(accepted.id)).toMatchObject({ assignedEmployees: [world.employee.id], assignedEmployeeStates: ['accepted'] });
    expect(items.has(declined.id)).toBe(false);
  });

  it('turned off again, new assignments are accepted and pending ones wait as they were', async () => {
    const pending = await createEvent({ name: 'Pendiente', date: '2026-12-16T08:00:00.000Z', endDate: '2026-12-16T10:00:00.000Z' }, [world.employee.id]);
    await setAccepting(world.company.id, false);
    const after = await createEvent({ name: 'Directo', date: '2026-12-17T08:00:00.000Z', endDate: '2026-12-17T10:00:00.000Z' }, [world.employee.id]);
    expect(after.assignedEmployeeStates).toEqual(['accepted']);
    expect((await stateOf(pending.id, world.employee.id))?.state).toBe('pending');
    expect((await answer(pending.id, 'accept', world.cookies.employee)).statusCode).toBe(200);
  });
});

describe('migration 0336', () => {
  it('makes the rows that existed accepted, and keeps the event-copy triggers of migration 0150', async () => {
    const database = await createTestDatabase();
    const db = database.db;
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      await migrator.migrateTo('2026-11-28-0330-unavailability');
      const at = '2026-10-01T08:00:00.000Z';
      await db.insertInto('companies').values({ id: 'comp-old', name: 'Empresa Antigua', created_at: at } as never).execute();
      // Roles are seeded at start, not by the migrations.
      await db.insertInto('roles').values({ id: defaultRoleIds.Empleado, name: 'Empleado', price_cents: null, is_default: 1, created_at: at } as never).onConflict((c) => c.doNothing()).execute();
      for (const id of ['usr-old', 'usr-new']) {
        await db
          .insertInto('users')
          .values({ id, name: id, username: id, password_hash: 'x', role_id: defaultRoleIds.Empleado, company_id: 'comp-old', email: null, is_disabled: 0, is_deleted: 0, created_at: at, updated_at: at } as never)
          .execute();
      }
      const event = await insertTestEvent(db, { companyId: 'comp-old', start: '2026-12-01T08:00:00.000Z', end: '2026-12-01T12:00:00.000Z', assignedTo: ['usr-old'] });

      await migrator.migrateTo('2026-11-28-0336-accepting-assignments');
      const read = () => db.selectFrom('event_assignments').select(['user_id', 'state', 'decline_reason', 'decided_at', 'company_id', 'start_time']).where('event_id', '=', event.id).orderBy('user_id').execute();
      expect(await read()).toEqual([{ user_id: 'usr-old', state: 'accepted', decline_reason: null, decided_at: null, company_id: 'comp-old', start_time: '2026-12-01T08:00:00.000Z' }]);
      // A row written afterwards still gets its event's copies from the database.
      await db.insertInto('event_assignments').values({ event_id: event.id, user_id: 'usr-new', state: 'pending' }).execute();
      expect((await read()).find((row) => row.user_id === 'usr-new')).toEqual({ user_id: 'usr-new', state: 'pending', decline_reason: null, decided_at: null, company_id: 'comp-old', start_time: '2026-12-01T08:00:00.000Z' });
      await expect(db.updateTable('event_assignments').set({ state: 'maybe' as never }).where('user_id', '=', 'usr-new').execute()).rejects.toThrow();
    } finally {
      await database.destroy();
    }
  });
});

describe('in the roster (decision 045)', () => {
  it('a pending shift is marked pending, and a declined one leaves the person’s cell', async () => {
    await setAccepting(world.company.id, true);
    const start = Date.parse('2027-02-10T09:00:00.000Z');
    const pending = await createEvent({ name: 'Cuadrante pendiente', date: new Date(start).toISOString(), endDate: new Date(start + 4 * HOUR).toISOString() }, [world.employee.id]);
    const declined = await createEvent({ name: 'Cuadrante rechazado', date: new Date(start + 6 * HOUR).toISOString(), endDate: new Date(start + 8 * HOUR).toISOString() }, [world.employee.id]);
    expect((await answer(declined.id, 'decline', world.cookies.employee, { reason: 'Tengo un examen' })).statusCode).toBe(200);
    const roster = await world.ctx.request({ method: 'GET', url: '/api/roster?from=2027-02-10&to=2027-02-10', cookie: world.cookies.supervisor });
    expect(roster.statusCode, roster.body).toBe(200);
    const row = (roster.json().employees as Array<{ userId: string; cells: Array<{ shifts: Array<{ eventId: string; pending: boolean }> }> }>).find((employee) => employee.userId === world.employee.id)!;
    expect(row.cells[0]!.shifts).toEqual([expect.objectContaining({ eventId: pending.id, pending: true })]);
    await setAccepting(world.company.id, false);
  });
});
