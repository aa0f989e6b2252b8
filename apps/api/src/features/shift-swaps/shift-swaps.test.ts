import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestEvent } from '../../test/factories';
import { createEventsWorld, type EventsWorld } from '../events/events.test-world';

/*
 * Issue 27 item 4 (decision 052): an employee offers a shift to eligible colleagues or proposes a
 * swap with one; a colleague takes it; a supervisor approves, which moves both places in one
 * transaction, once; every assignment change leaves a row in the event's history.
 */
let world: EventsWorld;
let ana: string;
let luis: { id: string; cookie: string };
let outsiderCookie: string;
let tipType: string;

type Swap = { id: string; state: string; toUserId: string | null };
type HistoryItem = { userId: string; change: string; source: string; actorName: string };

const get = (url: string, cookie: string) => world.ctx.request({ method: 'GET', url, cookie });
const createEvent = async (name: string, date: string, endDate: string, assigned: string[]) => {
  const response = await world.post('/api/events', { name, location: 'Palacio de Deportes', date, endDate, assignedEmployees: assigned }, world.cookies.supervisor);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json().items[0] as { id: string }).id;
};
const staff = async (eventId: string) =>
  (await world.ctx.db.selectFrom('event_assignments').select('user_id').where('event_id', '=', eventId).where('state', '!=', 'declined').orderBy('user_id').execute()).map((row) => row.user_id);
const history = async (eventId: string) => {
  const response = await get(`/api/events/${eventId}/assignment-history`, world.cookies.supervisor);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as HistoryItem[];
};
const notified = async (userId: string, kind: string) =>
  (await world.ctx.db.selectFrom('notifications').select('id').where('user_id', '=', userId).where('kind', '=', kind).execute()).length;

beforeAll(async () => {
  world = await createEventsWorld();
  const { ctx, company } = world;
  ana = world.colleague.id;
  ctx.clock.set('2026-11-21T10:00:00.000Z');
  const vigilante = await ctx.factories.category({ name: 'Vigilante', companyIds: [company.id] });
  const auxiliar = await ctx.factories.category({ name: 'Auxiliar', companyIds: [company.id] });
  await ctx.db.insertInto('user_categories').values([{ user_id: world.employee.id, category_id: vigilante.id }, { user_id: ana, category_id: vigilante.id }]).execute();
  const luisUser = await ctx.factories.user({ role: 'Empleado', companyId: company.id, name: 'Luis Gil', categoryIds: [auxiliar.id] });
  luis = { id: luisUser.id, cookie: await ctx.login(luisUser.username, luisUser.password) };
  outsiderCookie = await ctx.login(world.outsider.username, world.outsider.password);
  tipType = 'qt_tip_test';
  await ctx.db.insertInto('qualification_types').values({ id: tipType, company_id: company.id, name: 'TIP de vigilante', created_at: '2026-01-01T00:00:00.000Z' }).execute();
  const held = (userId: string, expiresOn: string) => ({
    id: `eq_${userId}`,
    company_id: company.id,
    user_id: userId,
    type_id: tipType,
    number: '123',
    issued_on: null,
    expires_on: expiresOn,
    file_id: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  });
  await ctx.db.insertInto('employee_qualifications').values([held(ana, '2027-06-30'), held(world.employee.id, '2027-06-30')]).execute();
});
afterAll(() => world.ctx.close());

describe('assignment history', () => {
  it('records who was assigned and removed, when, by whom and through which screen', async () => {
    const eventId = await createEvent('Feria', '2026-12-10T08:00:00.000Z', '2026-12-10T12:00:00.000Z', [world.employee.id]);
    const roster = await world.put(`/api/events/${eventId}/assignments`, { assignedEmployees: [world.employee.id, ana], source: 'roster' }, world.cookies.supervisor);
    expect(roster.statusCode, roster.body).toBe(200);
    const form = await world.put(`/api/events/${eventId}/assignments`, { assignedEmployees: [ana] }, world.cookies.supervisor);
    expect(form.statusCode, form.body).toBe(200);
    const items = await history(eventId);
    expect(items.map((item) => [item.userId, item.change, item.source])).toEqual([
      [world.employee.id, 'removed', 'event-form'],
      [ana, 'assigned', 'roster'],
      [world.employee.id, 'assigned', 'event-form'],
    ]);
    expect(items.every((item) => item.actorName === 'Marta López')).toBe(true);
    // Another company's supervisor, and an employee, do not read it.
    expect((await get(`/api/events/${eventId}/assignment-history`, world.cookies.otherSupervisor)).statusCode).toBe(404);
    expect((await get(`/api/events/${eventId}/assignment-history`, world.cookies.employee)).statusCode).toBe(403);
  });
});

describe('offering a shift', () => {
  let eventId: string;
  let swap: Swap;

  it('lists only colleagues who hold the category, are free and hold the required qualification on the day', async () => {
    eventId = await createEvent('Concierto', '2026-11-28T18:00:00.000Z', '2026-11-28T23:00:00.000Z', [world.employee.id]);
    await world.ctx.db.insertInto('event_qualification_requirements').values({ event_id: eventId, type_id: tipType }).execute();
    const { ctx, company } = world;
    const busy = await ctx.factories.user({ role: 'Empleado', companyId: company.id, name: 'Raúl Sanz', categoryIds: await categoriesOf(ana) });
    await insertTestEvent(ctx.db, { companyId: company.id, start: '2026-11-28T20:00:00.000Z', end: '2026-11-28T22:00:00.000Z', assignedTo: [busy.id] });
    const away = await ctx.factories.user({ role: 'Empleado', companyId: company.id, name: 'Eva Mora', categoryIds: await categoriesOf(ana) });
    await ctx.db.insertInto('unavailability').values({ id: 'un_eva', company_id: company.id, user_id: away.id, kind: 'dates', start_date: '2026-11-28', end_date: '2026-11-28', weekday: null, start_time: null, end_time: null, created_at: '2026-11-01T00:00:00.000Z' }).execute();
    const lapsed = await ctx.factories.user({ role: 'Empleado', companyId: company.id, name: 'Sara Vidal', categoryIds: await categoriesOf(ana) });
    await ctx.db.insertInto('employee_qualifications').values({ id: 'eq_sara', company_id: company.id, user_id: lapsed.id, type_id: tipType, number: '9', issued_on: null, expires_on: '2026-11-27', file_id: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' }).execute();

    const options = await get(`/api/shift-swaps/options?eventId=${eventId}`, world.cookies.employee);
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().colleagues).toEqual([{ userId: ana, name: 'Ana Ruiz' }]);
    // A colleague's shift is not the caller's to offer.
    expect((await get(`/api/shift-swaps/options?eventId=${eventId}`, luis.cookie)).statusCode).toBe(404);
  });

  it('is offered once; the eligible colleagues hear of it and may take it, others may not', async () => {
    const created = await world.post('/api/shift-swaps', { kind: 'offer', eventId }, world.cookies.employee);
    expect(created.statusCode, created.body).toBe(201);
    swap = created.json();
    expect(swap.state).toBe('open');
    expect(await notified(ana, 'shift-swap.proposed')).toBe(1);
    expect(await notified(luis.id, 'shift-swap.proposed')).toBe(0);
    expect((await world.post('/api/shift-swaps', { kind: 'offer', eventId }, world.cookies.employee)).statusCode).toBe(409);
    expect((await world.post('/api/shift-swaps', { kind: 'nada', eventId }, world.cookies.employee)).statusCode).toBe(400);

    const mine = (await get('/api/shift-swaps/mine', world.cookies.employee)).json();
    expect(mine.mine.map((item: Swap) => item.id)).toEqual([swap.id]);
    const refused = await world.post(`/api/shift-swaps/${swap.id}/take`, {}, luis.cookie);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('Luis Gil no puede hacer ese turno: No tiene ninguna de las categorías del turno.');
    expect((await world.post(`/api/shift-swaps/${swap.id}/take`, {}, outsiderCookie)).statusCode).toBe(404);
    expect((await world.post(`/api/shift-swaps/${swap.id}/take`, {}, world.cookies.employee)).statusCode).toBe(422);
    expect((await world.post(`/api/shift-swaps/${swap.id}/approve`, {}, world.cookies.supervisor)).statusCode).toBe(409);
  });

  it('the first eligible colleague takes it; the supervisors hear it waits for them', async () => {
    const anaCookie = await world.ctx.login(world.colleague.username, world.colleague.password);
    const available = (await get('/api/shift-swaps/mine', anaCookie)).json().available as Swap[];
    expect(available.map((item) => item.id)).toEqual([swap.id]);
    const taken = await world.post(`/api/shift-swaps/${swap.id}/take`, {}, anaCookie);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ state: 'taken', toUserId: ana, toUserName: 'Ana Ruiz' });
    expect((await world.post(`/api/shift-swaps/${swap.id}/take`, {}, anaCookie)).statusCode).toBe(409);
    expect(await notified(world.supervisor.id, 'shift-swap.taken')).toBe(1);
    expect(await notified(world.employee.id, 'shift-swap.taken')).toBe(1);
    expect(await staff(eventId)).toEqual([world.employee.id]);
  });

  it('only the company\'s supervisors decide it; two approvals at once apply it once', async () => {
    expect((await world.post(`/api/shift-swaps/${swap.id}/approve`, {}, world.cookies.employee)).statusCode).toBe(403);
    expect((await world.post(`/api/shift-swaps/${swap.id}/approve`, {}, world.cookies.otherSupervisor)).statusCode).toBe(404);
    expect((await get('/api/shift-swaps', world.cookies.otherSupervisor)).json().items).toEqual([]);
    expect((await get('/api/shift-swaps', world.cookies.supervisor)).json().items.map((item: Swap) => item.id)).toContain(swap.id);

    const answers = await Promise.all([1, 2, 3].map(() => world.post(`/api/shift-swaps/${swap.id}/approve`, {}, world.cookies.supervisor)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().error.message).toBe('Este cambio de turno ya se ha decidido.');
    expect(await staff(eventId)).toEqual([ana]);
    const rows = (await history(eventId)).filter((item) => item.source === 'offer');
    expect(rows.map((item) => [item.userId, item.change])).toEqual(
      expect.arrayContaining([
        [world.employee.id, 'removed'],
        [ana, 'assigned'],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(await notified(ana, 'shift-swap.decided')).toBe(1);
    expect(await notified(ana, 'event.assigned')).toBeGreaterThan(0);
  });
});

describe('proposing a swap', () => {
  it('swaps both shifts on approval, in one go, with history on both events', async () => {
    const mine = await createEvent('Partido', '2026-12-01T10:00:00.000Z', '2026-12-01T14:00:00.000Z', [world.employee.id]);
    const theirs = await createEvent('Mercadillo', '2026-12-02T10:00:00.000Z', '2026-12-02T14:00:00.000Z', [ana]);
    const options = (await get(`/api/shift-swaps/options?eventId=${mine}`, world.cookies.employee)).json();
    expect(options.swaps.map((item: { shift: { eventId: string } }) => item.shift.eventId)).toContain(theirs);
    // Luis is not of the category: a swap with him is refused.
    const luisShift = await createEvent('Turno de Luis', '2026-12-03T10:00:00.000Z', '2026-12-03T14:00:00.000Z', [luis.id]);
    expect((await world.post('/api/shift-swaps', { kind: 'swap', eventId: mine, withUserId: luis.id, withEventId: luisShift }, world.cookies.employee)).statusCode).toBe(422);
    expect((await world.post('/api/shift-swaps', { kind: 'swap', eventId: mine, withUserId: world.outsider.id, withEventId: theirs }, world.cookies.employee)).statusCode).toBe(422);

    const created = await world.post('/api/shift-swaps', { kind: 'swap', eventId: mine, withUserId: ana, withEventId: theirs }, world.cookies.employee);
    expect(created.statusCode, created.body).toBe(201);
    const swap = created.json() as Swap;
    // Only the named colleague takes a swap.
    expect((await world.post(`/api/shift-swaps/${swap.id}/take`, {}, luis.cookie)).statusCode).toBe(404);
    const anaCookie = await world.ctx.login(world.colleague.username, world.colleague.password);
    expect((await world.post(`/api/shift-swaps/${swap.id}/take`, {}, anaCookie)).statusCode).toBe(200);
    const approved = await world.post(`/api/shift-swaps/${swap.id}/approve`, {}, world.cookies.supervisor);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'approved', decidedByName: 'Marta López' });
    expect(await staff(mine)).toEqual([ana]);
    expect(await staff(theirs)).toEqual([world.employee.id]);
    expect((await history(theirs)).filter((item) => item.source === 'swap').map((item) => [item.userId, item.change])).toEqual(
      expect.arrayContaining([
        [ana, 'removed'],
        [world.employee.id, 'assigned'],
      ]),
    );
  });

  it('refuses the approval, changing nothing, when a place moved after it was taken; rejecting moves nobody', async () => {
    const mine = await createEvent('Boda', '2026-12-05T10:00:00.000Z', '2026-12-05T14:00:00.000Z', [world.employee.id]);
    const theirs = await createEvent('Congreso', '2026-12-06T10:00:00.000Z', '2026-12-06T14:00:00.000Z', [ana]);
    const anaCookie = await world.ctx.login(world.colleague.username, world.colleague.password);
    const swap = (await world.post('/api/shift-swaps', { kind: 'swap', eventId: mine, withUserId: ana, withEventId: theirs }, world.cookies.employee)).json() as Swap;
    expect((await world.post(`/api/shift-swaps/${swap.id}/take`, {}, anaCookie)).statusCode).toBe(200);
    expect((await world.put(`/api/events/${theirs}/assignments`, { assignedEmployees: [luis.id] }, world.cookies.supervisor)).statusCode).toBe(200);
    const refused = await world.post(`/api/shift-swaps/${swap.id}/approve`, {}, world.cookies.supervisor);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Las asignaciones han cambiado desde la propuesta: el cambio no se puede aplicar.');
    expect(await staff(mine)).toEqual([world.employee.id]);
    expect((await history(mine)).some((item) => item.source === 'swap')).toBe(false);
    const rejected = await world.post(`/api/shift-swaps/${swap.id}/reject`, {}, world.cookies.supervisor);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().state).toBe('rejected');
    expect(await staff(mine)).toEqual([world.employee.id]);
    expect((await world.post(`/api/shift-swaps/${swap.id}/approve`, {}, world.cookies.supervisor)).statusCode).toBe(409);
  });
});

async function categoriesOf(userId: string): Promise<string[]> {
  return (await world.ctx.db.selectFrom('user_categories').select('category_id').where('user_id', '=', userId).execute()).map((row) => row.category_id);
}
