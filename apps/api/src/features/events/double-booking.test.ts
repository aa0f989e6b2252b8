import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestEvent } from '../../test/factories';
import { createEventsWorld, type EventsWorld } from './events.test-world';

/*
 * Issue 21 item 2 (decision 029): a person cannot be at two venues at once. Assigning someone to an
 * event that shares time with another of their events is refused with 422 DOUBLE_BOOKING naming
 * the person and the other event, on create, edit and staffing; nothing is stored.
 */
let world: EventsWorld;
// Thursday 3 December 2026, 10:00–14:00 in Madrid (UTC+1).
const morning = { name: 'Guardia Mañana', location: 'Museo', date: '2026-12-03T09:00:00.000Z', endDate: '2026-12-03T13:00:00.000Z' };
const afternoon = { name: 'Feria', location: 'IFEMA', date: '2026-12-03T12:00:00.000Z', endDate: '2026-12-03T16:00:00.000Z' };
const expectedMessage = 'Doble asignación: Juan Pérez ya tiene asignado «Guardia Mañana» el 03/12/2026 de 10:00 a 14:00.';

beforeAll(async () => {
  world = await createEventsWorld();
  const created = await world.post('/api/events', { ...morning, assignedEmployees: [world.employee.id] }, world.cookies.supervisor);
  expect(created.statusCode).toBe(201);
});
afterAll(() => world.ctx.close());

const eventCount = async () => (await world.ctx.db.selectFrom('events').select('id').execute()).length;

describe('double booking', () => {
  it('refuses to create an overlapping event for the same person, names them and the other event, and stores nothing', async () => {
    const before = await eventCount();
    const response = await world.post('/api/events', { ...afternoon, assignedEmployees: [world.colleague.id, world.employee.id] }, world.cookies.supervisor);
    expect(response.statusCode).toBe(422);
    const error = response.json().error;
    expect(error).toMatchObject({ code: 'DOUBLE_BOOKING', message: expectedMessage, conflictCount: 1 });
    expect(error.conflicts).toEqual([
      { userId: world.employee.id, userName: 'Juan Pérez', eventId: expect.any(String), eventName: 'Guardia Mañana', date: morning.date, endDate: morning.endDate },
    ]);
    expect(await eventCount()).toBe(before);
  });

  it('cannot be acknowledged away like a working-time warning', async () => {
    const response = await world.post('/api/events', { ...afternoon, assignedEmployees: [world.employee.id], acknowledgeWarnings: true }, world.cookies.supervisor);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('DOUBLE_BOOKING');
  });

  it('accepts an event that starts when the other ends, and other people at the same time', async () => {
    const touching = await world.post('/api/events', { ...afternoon, date: morning.endDate, assignedEmployees: [world.employee.id] }, world.cookies.supervisor);
    expect(touching.statusCode).toBe(201);
    const others = await world.post('/api/events', { ...afternoon, name: 'Feria 2', assignedEmployees: [world.colleague.id] }, world.cookies.supervisor);
    expect(others.statusCode).toBe(201);
  });

  it('refuses a constant event when one of its days overlaps', async () => {
    // Every Thursday 11:00–12:00 from 26 November to 10 December: 3 December overlaps.
    const constant = { name: 'Ronda', location: 'Centro', type: 'constant', repeatDays: [3], date: '2026-11-26T10:00:00.000Z', endDate: '2026-12-10T11:00:00.000Z' };
    const response = await world.post('/api/events', { ...constant, assignedEmployees: [world.employee.id] }, world.cookies.supervisor);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(expectedMessage);
    // Without 3 December (Fridays) nothing overlaps.
    expect((await world.post('/api/events', { ...constant, repeatDays: [4], assignedEmployees: [world.employee.id] }, world.cookies.supervisor)).statusCode).toBe(201);
  });

  it('refuses staffing an event with a booked person, and keeps the staff as it was', async () => {
    const other = await world.post('/api/events', { ...afternoon, name: 'Congreso', assignedEmployees: [] }, world.cookies.supervisor);
    const id = other.json().items[0].id;
    const response = await world.put(`/api/events/${id}/assignments`, { assignedEmployees: [world.employee.id] }, world.cookies.supervisor);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(expectedMessage);
    const rows = await world.ctx.db.selectFrom('event_assignments').select('user_id').where('event_id', '=', id).execute();
    expect(rows).toEqual([]);
  });

  it('refuses moving an event onto another of its staff, but an event never conflicts with itself', async () => {
    // A long day for Juan (working-time warnings acknowledged): only the double booking is refused.
    const plan = { ...morning, name: 'Cena', acknowledgeWarnings: true };
    const evening = await world.post('/api/events', { ...plan, date: '2026-12-03T18:00:00.000Z', endDate: '2026-12-03T21:00:00.000Z', assignedEmployees: [world.employee.id] }, world.cookies.supervisor);
    expect(evening.statusCode).toBe(201);
    const id = evening.json().items[0].id;
    // Longer, still overlapping its own old times only.
    const stretched = await world.put(`/api/events/${id}`, { ...plan, date: '2026-12-03T17:00:00.000Z', endDate: '2026-12-03T21:30:00.000Z' }, world.cookies.supervisor);
    expect(stretched.statusCode).toBe(200);
    const moved = await world.put(`/api/events/${id}`, { ...plan, date: '2026-12-03T12:30:00.000Z', endDate: '2026-12-03T14:00:00.000Z' }, world.cookies.supervisor);
    expect(moved.statusCode).toBe(422);
    expect(moved.json().error.message).toBe(expectedMessage);
    const stored = await world.ctx.db.selectFrom('events').select(['start_time', 'end_time']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ start_time: '2026-12-03T17:00:00.000Z', end_time: '2026-12-03T21:30:00.000Z' });
  });

  it('says the dates of another event across midnight, in any company', async () => {
    const night = await insertTestEvent(world.ctx.db, { companyId: world.company.id, name: 'Noche', start: '2026-12-05T21:00:00Z', end: '2026-12-06T05:00:00Z', assignedTo: [world.colleague.id] });
    expect(night.id).toMatch(/^evt-/);
    const response = await world.post('/api/events', { ...morning, date: '2026-12-06T04:00:00.000Z', endDate: '2026-12-06T08:00:00.000Z', assignedEmployees: [world.colleague.id] }, world.cookies.supervisor);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe('Doble asignación: Ana Ruiz ya tiene asignado «Noche» del 05/12/2026 22:00 al 06/12/2026 06:00.');
    // The other company's supervisor books its own employee twice: refused the same way.
    await insertTestEvent(world.ctx.db, { companyId: world.otherCompany.id, name: 'Vigilancia Sur', start: morning.date, end: morning.endDate, assignedTo: [world.outsider.id] });
    const theirs = await world.post('/api/events', { ...afternoon, assignedEmployees: [world.outsider.id] }, world.cookies.otherSupervisor);
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().error.message).toBe('Doble asignación: Pedro Sur ya tiene asignado «Vigilancia Sur» el 03/12/2026 de 10:00 a 14:00.');
  });
});
