import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPage } from '@jornada/shared/schemas/events';
import { insertTestEvent } from '../../test/factories';
import { arrangeListFilterWorld } from '../../test/list-filter-world';
import { createTestContext, type TestContext } from '../../test/test-app';

/**
 * The event lists' server-side filters (issue 21): an assigned worker, the start day in the company
 * time zone and a text, on Supervisar Eventos, the event log and Gestionar Eventos; always inside
 * the caller's company, and cursor paging unchanged.
 */
let ctx: TestContext;
let north: { id: string };
let south: { id: string };
let supervisorCookie: string;
let adminCookie: string;
let juan: { id: string };
let lucia: { id: string };
let pedroSouth: { id: string };

// The test clock is 2026-11-21T10:00Z: events of the 1st..6th are finished, those of the 25th..28th scheduled.
const finished = (day: number, name: string, assignedTo: string[], companyId = north.id, location = 'Recinto Ferial') =>
  insertTestEvent(ctx.db, {
    companyId,
    name,
    location,
    start: `2026-11-0${day}T09:00:00.000Z`,
    end: `2026-11-0${day}T13:00:00.000Z`,
    assignedTo,
  });

const get = async (path: string, cookie = supervisorCookie) => {
  const response = await ctx.request({ method: 'GET', url: `/api${path}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as EventPage;
};
const names = async (path: string, cookie = supervisorCookie) => (await get(path, cookie)).items.map((event) => event.name);

beforeAll(async () => {
  ctx = await createTestContext();
  ({ north, south, juan, lucia, pedroSouth, supervisorCookie, adminCookie } = await arrangeListFilterWorld(ctx));

  await finished(1, 'Concierto Uno', [juan.id]);
  await finished(2, 'Concierto Dos', [juan.id, lucia.id]);
  await finished(3, 'Feria', [lucia.id], north.id, 'Pabellón 100%_Norte');
  await finished(4, 'Concierto Tres', [juan.id]);
  await finished(5, 'Mercado', []);
  await finished(6, 'Concierto del Sur', [pedroSouth.id], south.id);
  for (const [day, name, assigned] of [
    [25, 'Ronda Norte', [juan.id]],
    [26, 'Ronda Sur', [lucia.id]],
  ] as const) {
    await insertTestEvent(ctx.db, { companyId: north.id, name, start: `2026-11-${day}T09:00:00.000Z`, end: `2026-11-${day}T13:00:00.000Z`, assignedTo: [...assigned] });
  }
});
afterAll(() => ctx.close());

describe('event list filters', () => {
  it('filters the event log by assigned worker, and Supervisar Eventos too', async () => {
    expect(await names(`/events/log?userId=${juan.id}`)).toEqual(['Concierto Tres', 'Concierto Dos', 'Concierto Uno']);
    expect(await names(`/events/supervise?userId=${lucia.id}`)).toEqual(['Ronda Sur']);
    expect(await names(`/events?status=Programado&userId=${juan.id}`)).toEqual(['Ronda Norte']);
  });

  it('filters by start day in the company time zone, both ends included', async () => {
    expect(await names('/events/log?from=2026-11-02&to=2026-11-03')).toEqual(['Feria', 'Concierto Dos']);
    expect(await names('/events/log?to=2026-11-01')).toEqual(['Concierto Uno']);
    expect(await names('/events/supervise?from=2026-11-26')).toEqual(['Ronda Sur']);
  });

  it('searches name and place, ignoring case, with % and _ taken literally', async () => {
    expect(await names('/events/log?q=CONCIERTO')).toEqual(['Concierto Tres', 'Concierto Dos', 'Concierto Uno']);
    expect(await names(`/events/log?q=${encodeURIComponent('100%_n')}`)).toEqual(['Feria']);
    expect(await names(`/events/log?q=${encodeURIComponent('_')}`)).toEqual(['Feria']);
    expect(await names('/events?status=Programado&q=ronda%20sur')).toEqual(['Ronda Sur']);
  });

  it('never widens the company scope', async () => {
    expect(await names(`/events/log?userId=${pedroSouth.id}`)).toEqual([]);
    expect(await names('/events/log?q=sur')).toEqual([]);
    expect(await names(`/events/log?companyId=${south.id}&q=sur`)).toEqual([]);
    expect(await names(`/events/log?q=sur&companyId=${north.id}`, adminCookie)).toEqual([]);
    expect(await names('/events/log?q=del%20sur', adminCookie)).toEqual(['Concierto del Sur']);
  });

  it('pages a filtered list with its cursor', async () => {
    const first = await get(`/events/log?userId=${juan.id}&limit=2`);
    expect(first.items.map((event) => event.name)).toEqual(['Concierto Tres', 'Concierto Dos']);
    expect(first.nextCursor).not.toBeNull();
    const second = await get(`/events/log?userId=${juan.id}&limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.items.map((event) => event.name)).toEqual(['Concierto Uno']);
    expect(second.nextCursor).toBeNull();
  });

  it.each([
    ['/events/log?from=2026-11-31', 'La fecha debe tener el formato AAAA-MM-DD.'],
    ['/events/supervise?from=2026-11-20&to=2026-11-10', 'La fecha «desde» no puede ser posterior a la fecha «hasta».'],
    [`/events/log?q=${'x'.repeat(101)}`, 'La búsqueda admite como mucho 100 caracteres.'],
  ])('refuses %s with a Spanish 400', async (path, message) => {
    const response = await ctx.request({ method: 'GET', url: `/api${path}`, cookie: supervisorCookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
  });
});
