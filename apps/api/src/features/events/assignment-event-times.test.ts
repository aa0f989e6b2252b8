import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestEvent } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/test-app';
import { countAssignedEvents } from '../overview/assigned-event-counts';
import { listAssignedEventsUnderway } from './assigned-events.repository';

/*
 * Each assignment carries copies of its event's company and times (migration 0150), written by
 * the database's triggers whoever writes. The worker's overview counts and clock-in list read
 * only those copies, so they must never drift from the event: checked here after every kind of
 * write, on both engines.
 */
let ctx: TestContext;
let companyId: string;
let supervisorCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  companyId = (await ctx.factories.company('Copias S.L.')).id;
  const supervisor = await ctx.factories.user({ role: 'Supervisor', companyId });
  supervisorCookie = await ctx.login(supervisor.username, supervisor.password);
});
afterAll(() => ctx.close());

async function copiesOf(eventId: string) {
  const rows = await ctx.db
    .selectFrom('event_assignments')
    .innerJoin('events', 'events.id', 'event_assignments.event_id')
    .select(['event_assignments.company_id', 'event_assignments.start_time', 'event_assignments.end_time', 'events.company_id as event_company', 'events.start_time as event_start', 'events.end_time as event_end'])
    .where('event_assignments.event_id', '=', eventId)
    .execute();
  for (const row of rows) expect([row.company_id, row.start_time, row.end_time]).toEqual([row.event_company, row.event_start, row.event_end]);
  return rows;
}

describe("assignments' copies of their event", () => {
  it('are written with a direct insert and follow an edit, a new staff list and an early finish through the API', async () => {
    const [ana, luis] = [await ctx.factories.user({ role: 'Empleado', companyId }), await ctx.factories.user({ role: 'Empleado', companyId })];
    const event = await insertTestEvent(ctx.db, { companyId, start: '2026-11-21T08:00:00Z', end: '2026-11-21T20:00:00Z', assignedTo: [ana.id] });
    expect(await copiesOf(event.id)).toHaveLength(1);

    const edited = await ctx.request({
      method: 'PUT',
      url: `/api/events/${event.id}`,
      cookie: supervisorCookie,
      payload: { name: 'Editado', location: 'Otro sitio', date: '2026-11-21T09:00:00.000Z', endDate: '2026-11-21T17:00:00.000Z', assignedEmployees: [ana.id, luis.id], acknowledgeWarnings: true },
    });
    expect(edited.statusCode).toBe(200);
    const afterEdit = await copiesOf(event.id);
    expect(afterEdit).toHaveLength(2);
    expect(afterEdit[0]).toMatchObject({ start_time: '2026-11-21T09:00:00.000Z', end_time: '2026-11-21T17:00:00.000Z' });

    // The test clock stands at 2026-11-21T10:00Z: the event is under way.
    expect(await listAssignedEventsUnderway(ctx.db, luis.id, ctx.clock().toISOString())).toEqual([
      expect.objectContaining({ id: event.id, date: '2026-11-21T09:00:00.000Z', endDate: '2026-11-21T17:00:00.000Z' }),
    ]);
    expect(await countAssignedEvents(ctx.db, luis.id, companyId, ctx.clock())).toEqual({ total: 1, active: 1 });

    const finished = await ctx.request({ method: 'POST', url: `/api/events/${event.id}/finish`, cookie: supervisorCookie });
    expect(finished.statusCode).toBe(200);
    const afterFinish = await copiesOf(event.id);
    expect(afterFinish[0]!.end_time).toBe(ctx.clock().toISOString());
    expect(await listAssignedEventsUnderway(ctx.db, luis.id, ctx.clock().toISOString())).toEqual([]);
    expect(await countAssignedEvents(ctx.db, luis.id, companyId, ctx.clock())).toEqual({ total: 1, active: 0 });
  });

  it('are written for every day of a constant event created through the API', async () => {
    const eva = await ctx.factories.user({ role: 'Empleado', companyId });
    const created = await ctx.request({
      method: 'POST',
      url: '/api/events',
      cookie: supervisorCookie,
      payload: {
        name: 'Vigilancia diaria',
        location: 'Puerto',
        date: '2026-11-23T07:00:00.000Z',
        endDate: '2026-11-29T15:00:00.000Z',
        type: 'constant',
        repeatDays: [0, 1, 2, 3, 4, 5, 6],
        assignedEmployees: [eva.id],
        acknowledgeWarnings: true,
      },
    });
    expect(created.statusCode).toBe(201);
    const ids = (created.json() as { items: { id: string }[] }).items.map((item) => item.id);
    expect(ids.length).toBeGreaterThan(1);
    for (const id of ids) expect(await copiesOf(id)).toHaveLength(1);
    expect(await countAssignedEvents(ctx.db, eva.id, companyId, ctx.clock())).toEqual({ total: ids.length, active: 0 });
  });

  it('count only the worker’s current company', async () => {
    const other = (await ctx.factories.company('Antigua S.L.')).id;
    const mover = await ctx.factories.user({ role: 'Empleado', companyId });
    await insertTestEvent(ctx.db, { companyId: other, start: '2026-11-20T08:00:00Z', end: '2026-11-20T20:00:00Z', assignedTo: [mover.id] });
    await insertTestEvent(ctx.db, { companyId, start: '2026-11-21T08:00:00Z', end: '2026-11-21T20:00:00Z', assignedTo: [mover.id] });
    expect(await countAssignedEvents(ctx.db, mover.id, companyId, ctx.clock())).toEqual({ total: 1, active: 1 });
  });
});
