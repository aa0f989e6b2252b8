import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleName } from '@jornada/shared/permissions';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/test-app';

/*
 * Issue 27 item 3 (decision 051): open places per category on an event; eligible employees see and
 * claim them, first come or with a supervisor's approval; never more assigned than published.
 * The test clock is Saturday 21 November 2026, 10:00 UTC.
 */
let ctx: TestContext;
let company: { id: string };
let other: { id: string };
let vigilante: { id: string; name: string };
let auxiliar: { id: string; name: string };
const cookies: Record<string, string> = {};
const people: Record<string, { id: string }> = {};

const call = (cookie: string | undefined, options: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }) => ctx.request({ ...options, cookie });
async function json(cookie: string, options: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }, status: number) {
  const response = await call(cookie, options);
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}
const setMode = (openShiftMode: 'first_come' | 'approval') =>
  json(cookies.admin!, { method: 'PUT', url: `/api/companies/${company.id}/settings`, payload: { geofenceMode: 'flag', autoClockOut: false, autoClockOutToleranceMin: 30, openShiftMode } }, 200);
let day = 0;
/** A new event on its own day (from 1 December on), so events never overlap unless a test says so. */
async function createEvent(overrides: object = {}): Promise<{ id: string; date: string; endDate: string }> {
  day += 1;
  const date = `2026-12-${String(day).padStart(2, '0')}T18:00:00.000Z`;
  const endDate = `2026-12-${String(day).padStart(2, '0')}T22:00:00.000Z`;
  const created = await json(cookies.supervisor!, { method: 'POST', url: '/api/events', payload: { name: `Evento ${day}`, location: 'Estadio', date, endDate, assignedEmployees: [], ...overrides } }, 201);
  return created.items[0];
}
const publish = (eventId: string, places: Array<{ categoryId: string; places: number }>, cookie = cookies.supervisor!) =>
  call(cookie, { method: 'PUT', url: `/api/events/${eventId}/open-places`, payload: { places } });
const openShifts = async (who: string) => (await json(cookies[who]!, { method: 'GET', url: '/api/open-shifts' }, 200)).items as Array<{ eventId: string; remaining: number; myClaim: string | null; categoryId: string }>;
const claim = (who: string, eventId: string, categoryId = vigilante.id) => call(cookies[who], { method: 'POST', url: `/api/open-shifts/${eventId}/claim`, payload: { categoryId } });
const staffOf = async (eventId: string) => (await json(cookies.supervisor!, { method: 'GET', url: `/api/events/${eventId}` }, 200)).assignedEmployees as string[];
const placesOf = async (eventId: string) => json(cookies.supervisor!, { method: 'GET', url: `/api/events/${eventId}/open-places` }, 200);

beforeAll(async () => {
  ctx = await createTestContext();
  company = await ctx.factories.company('Vigilancia Norte');
  other = await ctx.factories.company('Seguridad Sur');
  vigilante = await ctx.factories.category({ name: 'Vigilante', companyIds: [company.id, other.id] });
  auxiliar = await ctx.factories.category({ name: 'Auxiliar', companyIds: [company.id] });
  const add = async (key: string, role: RoleName, companyId: string | null, categoryIds: string[] = []) => {
    const user = await ctx.factories.user({ role, companyId, name: key, categoryIds });
    people[key] = user;
    cookies[key] = await ctx.login(user.username, user.password);
  };
  await add('admin', 'Administrador', null);
  await add('supervisor', 'Supervisor', company.id);
  await add('otherSupervisor', 'Supervisor', other.id);
  for (const name of ['juan', 'ana', 'eva', 'rosa', 'luz', 'sol']) await add(name, 'Empleado', company.id, [vigilante.id]);
  await add('luis', 'Empleado', company.id, [auxiliar.id]);
  await add('pedro', 'Empleado', other.id, [vigilante.id]);
});
afterAll(() => ctx.close());

describe('publishing open places', () => {
  it('the supervisor sets places per category on an event of their company; bad input is a clear 4xx', async () => {
    const event = await createEvent();
    const saved = await json(cookies.supervisor!, { method: 'PUT', url: `/api/events/${event.id}/open-places`, payload: { places: [{ categoryId: vigilante.id, places: 3 }] } }, 200);
    expect(saved.places).toEqual([{ categoryId: vigilante.id, categoryName: 'Vigilante', places: 3, remaining: 3 }]);
    expect(saved.mode).toBe('first_come');
    for (const places of [[{ categoryId: vigilante.id, places: -1 }], [{ categoryId: vigilante.id, places: 1.5 }], [{ categoryId: vigilante.id, places: 1 }, { categoryId: vigilante.id, places: 2 }]]) {
      const bad = await publish(event.id, places);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json().error.message).toMatch(/plazas|categoría/);
    }
    const foreignCategory = await ctx.factories.category({ name: 'Escolta', companyIds: [other.id] });
    expect((await publish(event.id, [{ categoryId: foreignCategory.id, places: 1 }])).statusCode).toBe(422);
    expect((await publish(event.id, [{ categoryId: vigilante.id, places: 1 }], cookies.juan)).statusCode).toBe(403);
    expect((await publish(event.id, [{ categoryId: vigilante.id, places: 1 }], cookies.otherSupervisor)).statusCode).toBe(404);
    expect((await call(cookies.otherSupervisor, { method: 'GET', url: `/api/events/${event.id}/open-places` })).statusCode).toBe(404);
    // Leaving a category out removes its places.
    expect((await json(cookies.supervisor!, { method: 'PUT', url: `/api/events/${event.id}/open-places`, payload: { places: [] } }, 200)).places).toEqual([]);
  });
});

describe('who sees an open shift', () => {
  it('an employee holding the category sees it; another category, another company and the supervisor screen do not', async () => {
    const event = await createEvent();
    await publish(event.id, [{ categoryId: vigilante.id, places: 2 }]);
    expect((await openShifts('juan')).find((item) => item.eventId === event.id)).toMatchObject({ remaining: 2, myClaim: null, categoryId: vigilante.id });
    expect((await openShifts('luis')).find((item) => item.eventId === event.id)).toBeUndefined();
    expect(await openShifts('pedro')).toEqual([]);
    expect((await claim('pedro', event.id)).statusCode).toBe(404);
    const notHeld = await claim('luis', event.id);
    expect(notHeld.statusCode).toBe(422);
    expect(notHeld.json().error.message).toBe('No tienes la categoría de esta plaza.');
    // No places of his category on this event.
    expect((await claim('luis', event.id, auxiliar.id)).statusCode).toBe(404);
    expect((await call(cookies.admin, { method: 'GET', url: '/api/open-shifts' })).statusCode).toBe(403);
  });

  it('a required qualification is judged on the event\'s date, not today', async () => {
    const type = await json(cookies.supervisor!, { method: 'POST', url: '/api/qualification-types', payload: { name: 'TIP de vigilante' } }, 201);
    await json(cookies.supervisor!, { method: 'POST', url: `/api/employees/${people.eva!.id}/qualifications`, payload: { typeId: type.id, number: 'TIP-1', expiresOn: '2026-12-20' } }, 201);
    const before = await createEvent({ requiredQualifications: [type.id] });
    const after = await createEvent({ requiredQualifications: [type.id], date: '2027-01-10T18:00:00.000Z', endDate: '2027-01-10T22:00:00.000Z' });
    for (const event of [before, after]) await publish(event.id, [{ categoryId: vigilante.id, places: 1 }]);
    const seen = (await openShifts('eva')).map((item) => item.eventId);
    expect(seen).toContain(before.id);
    expect(seen).not.toContain(after.id);
    // Without the qualification at all: neither.
    expect((await openShifts('rosa')).map((item) => item.eventId)).not.toContain(before.id);
    const refused = await claim('eva', after.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toContain('no está vigente el 10/01/2027');
    expect((await claim('eva', before.id)).statusCode).toBe(201);
  });

  it('another event at the same time, a confirmed vacation or a marked unavailability keep the place from them', async () => {
    const event = await createEvent();
    await publish(event.id, [{ categoryId: vigilante.id, places: 3 }]);
    await createEvent({ date: event.date, endDate: event.endDate, assignedEmployees: [people.juan!.id] });
    const requestId = newId('vac');
    const at = ctx.clock().toISOString();
    await ctx.db.insertInto('vacation_requests').values({ id: requestId, company_id: company.id, employee_id: people.ana!.id, supervisor_id: null, created_by: people.ana!.id, created_at: at, status: 'confirmado', awaiting: null, signature_file_id: null, processed_at: null, processed_by: null }).execute();
    await ctx.db.insertInto('vacation_days').values({ request_id: requestId, company_id: company.id, employee_id: people.ana!.id, day: event.date.slice(0, 10) }).execute();
    await json(cookies.rosa!, { method: 'POST', url: '/api/my-unavailability', payload: { kind: 'dates', startDate: event.date.slice(0, 10), endDate: event.date.slice(0, 10), allDay: true } }, 201);
    for (const [who, reason] of [['juan', 'otro evento'], ['ana', 'vacaciones'], ['rosa', 'No está disponible']] as const) {
      expect((await openShifts(who)).map((item) => item.eventId), who).not.toContain(event.id);
      const refused = await claim(who, event.id);
      expect(refused.statusCode, who).toBe(422);
      expect(refused.json().error.message).toContain(reason);
    }
    expect((await openShifts('luz')).map((item) => item.eventId)).toContain(event.id);
  });
});

describe('first come', () => {
  it('a claim assigns at once through the event\'s staff, takes a place, and cannot be repeated', async () => {
    const event = await createEvent();
    await publish(event.id, [{ categoryId: vigilante.id, places: 2 }]);
    const claimed = await claim('juan', event.id);
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(claimed.json()).toMatchObject({ eventId: event.id, userId: people.juan!.id, state: 'approved', categoryName: 'Vigilante' });
    expect(await staffOf(event.id)).toEqual([people.juan!.id]);
    expect((await placesOf(event.id)).places[0].remaining).toBe(1);
    expect((await claim('juan', event.id)).statusCode).toBe(409);
    const told = await ctx.db.selectFrom('notifications').select('kind').where('user_id', '=', people.juan!.id).where('kind', '=', 'event.assigned').execute();
    expect(told.length).toBeGreaterThan(0);
    expect((await openShifts('juan')).find((item) => item.eventId === event.id)?.myClaim).toBe('approved');
    // The event's history (decision 052) keeps the place taken by the claim, by the person who took it.
    const history = await json(cookies.supervisor!, { method: 'GET', url: `/api/events/${event.id}/assignment-history` }, 200);
    expect(history.items).toEqual([expect.objectContaining({ userId: people.juan!.id, change: 'assigned', source: 'open-shift', actorName: 'juan' })]);
    // Fewer places than taken is refused; as many is fine and leaves none.
    expect((await publish(event.id, [{ categoryId: vigilante.id, places: 0 }])).statusCode).toBe(409);
    expect((await json(cookies.supervisor!, { method: 'PUT', url: `/api/events/${event.id}/open-places`, payload: { places: [{ categoryId: vigilante.id, places: 1 }] } }, 200)).places[0]).toMatchObject({ places: 1, remaining: 0 });
    const full = await claim('luz', event.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe('Ya no quedan plazas libres en este turno.');
  });

  it('never over-fills: six people claiming the last two places at once, two get them', async () => {
    const event = await createEvent();
    await publish(event.id, [{ categoryId: vigilante.id, places: 2 }]);
    const names = ['juan', 'ana', 'eva', 'rosa', 'luz', 'sol'];
    const answers = await Promise.all(names.map((name) => claim(name, event.id)));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201), JSON.stringify(codes)).toHaveLength(2);
    expect(codes.filter((code) => code === 409)).toHaveLength(4);
    expect(await staffOf(event.id)).toHaveLength(2);
    expect((await placesOf(event.id)).places[0].remaining).toBe(0);
    const rows = await ctx.db.selectFrom('open_shift_claims').select('state').where('event_id', '=', event.id).execute();
    expect(rows).toHaveLength(2);
  });
});

describe('subject to approval', () => {
  it('a claim waits; supervisors are told; approve assigns and takes the place; reject tells the person', async () => {
    await setMode('approval');
    const event = await createEvent();
    await publish(event.id, [{ categoryId: vigilante.id, places: 1 }]);
    const first = await claim('luz', event.id);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().state).toBe('pending');
    const second = (await claim('sol', event.id)).json();
    expect(await staffOf(event.id)).toEqual([]);
    expect((await openShifts('luz')).find((item) => item.eventId === event.id)?.myClaim).toBe('pending');
    const toSupervisor = await ctx.db.selectFrom('notifications').select('body').where('user_id', '=', people.supervisor!.id).where('kind', '=', 'open-shift.claimed').execute();
    expect(toSupervisor.map((row) => row.body).join()).toContain('luz solicita una plaza abierta');
    const view = await placesOf(event.id);
    expect(view).toMatchObject({ mode: 'approval', places: [{ remaining: 1 }] });
    expect(view.claims.map((item: { userName: string; state: string }) => [item.userName, item.state])).toEqual([['luz', 'pending'], ['sol', 'pending']]);

    const approveUrl = (id: string) => `/api/open-shift-claims/${id}/approve`;
    expect((await call(cookies.otherSupervisor, { method: 'POST', url: approveUrl(first.json().id) })).statusCode).toBe(404);
    expect((await call(cookies.luz, { method: 'POST', url: approveUrl(first.json().id) })).statusCode).toBe(403);
    const approved = await json(cookies.supervisor!, { method: 'POST', url: approveUrl(first.json().id) }, 200);
    expect(approved.state).toBe('approved');
    expect(await staffOf(event.id)).toEqual([people.luz!.id]);
    // Approved, the place is recorded as taken through the open shift, by the supervisor who approved.
    const history = await json(cookies.supervisor!, { method: 'GET', url: `/api/events/${event.id}/assignment-history` }, 200);
    expect(history.items).toEqual([expect.objectContaining({ userId: people.luz!.id, change: 'assigned', source: 'open-shift', actorName: 'supervisor' })]);
    expect((await placesOf(event.id)).places[0].remaining).toBe(0);
    expect((await call(cookies.supervisor, { method: 'POST', url: approveUrl(first.json().id) })).statusCode).toBe(409);
    const noPlace = await call(cookies.supervisor, { method: 'POST', url: approveUrl(second.id) });
    expect(noPlace.statusCode).toBe(409);
    expect((await placesOf(event.id)).claims[1].state).toBe('pending');
    const rejected = await json(cookies.supervisor!, { method: 'POST', url: `/api/open-shift-claims/${second.id}/reject` }, 200);
    expect(rejected.state).toBe('rejected');
    const toSol = await ctx.db.selectFrom('notifications').select('kind').where('user_id', '=', people.sol!.id).where('kind', '=', 'open-shift.rejected').execute();
    expect(toSol).toHaveLength(1);
    expect((await call(cookies.sol, { method: 'POST', url: `/api/open-shift-claims/${second.id}/reject` })).statusCode).toBe(403);
    await setMode('first_come');
  });

  it('two supervisors approving claims for the last place at once: one assignment', async () => {
    await setMode('approval');
    const event = await createEvent();
    await publish(event.id, [{ categoryId: vigilante.id, places: 1 }]);
    const claims = [(await claim('juan', event.id)).json().id, (await claim('ana', event.id)).json().id, (await claim('eva', event.id)).json().id];
    const answers = await Promise.all(claims.map((id) => call(cookies.supervisor, { method: 'POST', url: `/api/open-shift-claims/${id}/approve` })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await staffOf(event.id)).toHaveLength(1);
    await setMode('first_come');
  });
});
