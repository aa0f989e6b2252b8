import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { signInAs, type SignedInUser } from '../../test/sign-in';
import { NO_SHOW_CHECK_JOB, noShowCheckHandler } from './no-show-alerts';

/*
 * Issue 21, item 13: a no-show reaches the company's supervisors through the notification model.
 * Creating an event schedules a check at its start plus the 15-minute grace (a job row); the check
 * names who has not clocked in, tells every supervisor of that company and nobody else, once.
 */

const MIN = 60_000;
const here = { lat: 40.4167754, lng: -3.7037902, accuracy: 12 };
let ctx: TestContext;
let supervisor: SignedInUser;
let colleague: SignedInUser;
let foreignSupervisor: SignedInUser;
let ana: SignedInUser;
let bruno: SignedInUser;
const handler = () => noShowCheckHandler('Europe/Madrid');

beforeAll(async () => {
  ctx = await createTestContext();
  const north = await ctx.factories.company('Vigilancia Norte');
  const south = await ctx.factories.company('Eventos Sur');
  supervisor = await signInAs(ctx, 'Supervisor', north.id, { name: 'Marta Supervisora' });
  colleague = await signInAs(ctx, 'Supervisor', north.id, { name: 'Luis Supervisor' });
  foreignSupervisor = await signInAs(ctx, 'Supervisor', south.id, { name: 'Sergio Sur' });
  ana = await signInAs(ctx, 'Empleado', north.id, { name: 'Ana Fichada' });
  bruno = await signInAs(ctx, 'Empleado', north.id, { name: 'Bruno Ausente' });
});
afterAll(() => ctx.close());

async function createEvent(name: string, startInMin: number) {
  const start = new Date(ctx.clock().getTime() + startInMin * MIN);
  const response = await ctx.request({
    method: 'POST',
    url: '/api/events',
    cookie: supervisor.cookie,
    payload: { name, location: 'Estadio', date: start.toISOString(), endDate: new Date(start.getTime() + 60 * MIN).toISOString(), type: 'momentary', assignedEmployees: [ana.id, bruno.id], acknowledgeWarnings: true },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: (response.json() as { items: { id: string }[] }).items[0]!.id, start };
}

const checksOf = async (eventId: string) =>
  (await ctx.db.selectFrom('jobs').select(['run_at', 'payload']).where('kind', '=', NO_SHOW_CHECK_JOB).execute())
    .map((job) => ({ runAt: new Date(job.run_at).toISOString(), payload: typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload }))
    .filter((job) => job.payload.eventId === eventId);
const noShowsOf = (userId: string) => ctx.db.selectFrom('notifications').select(['title', 'body', 'link']).where('user_id', '=', userId).where('kind', '=', 'live.no-show').execute();
const runCheck = (payload: unknown) => handler()(payload, { db: ctx.db, clock: ctx.clock, jobId: 'job-test', attempt: 1 });

describe('no-show alerts', () => {
  it("tell the company's supervisors, at start plus the grace period, who has not clocked in; once", async () => {
    const event = await createEvent('Concierto de Invierno', 30);
    const [check] = await checksOf(event.id);
    expect(check?.runAt).toBe(new Date(event.start.getTime() + 15 * MIN).toISOString());

    ctx.clock.set(new Date(event.start.getTime() + 5 * MIN));
    const started = await ctx.request({ method: 'POST', url: '/api/time-records/start', cookie: ana.cookie, payload: { eventId: event.id, location: here } });
    expect(started.statusCode, started.body).toBe(201);
    ctx.clock.set(new Date(event.start.getTime() + 15 * MIN));
    await runCheck(check!.payload);

    for (const person of [supervisor, colleague]) {
      expect(await noShowsOf(person.id)).toEqual([{ title: 'No presentado', body: expect.stringMatching(/^Bruno Ausente no ha fichado en «Concierto de Invierno», que empezó a las \d\d:\d\d\.$/), link: '/dashboard/live' }]);
    }
    expect(await noShowsOf(foreignSupervisor.id)).toEqual([]);
    expect(await noShowsOf(ana.id)).toEqual([]);
    expect(await noShowsOf(bruno.id)).toEqual([]);

    await runCheck(check!.payload);
    expect(await noShowsOf(supervisor.id)).toHaveLength(1);
  });

  it('do nothing for an event moved since (a newer check covers its new start) or deleted', async () => {
    // Each event at its own time: one person is never booked twice at once.
    const moved = await createEvent('Feria Movida', 300);
    const [first] = await checksOf(moved.id);
    const later = new Date(moved.start.getTime() + 60 * MIN);
    const edit = await ctx.request({
      method: 'PUT',
      url: `/api/events/${moved.id}`,
      cookie: supervisor.cookie,
      payload: { name: 'Feria Movida', location: 'Estadio', date: later.toISOString(), endDate: new Date(later.getTime() + 60 * MIN).toISOString(), acknowledgeWarnings: true },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const checks = await checksOf(moved.id);
    expect(checks.map((job) => job.runAt)).toEqual([first!.runAt, new Date(later.getTime() + 15 * MIN).toISOString()]);
    const before = (await noShowsOf(supervisor.id)).length;
    ctx.clock.set(new Date(moved.start.getTime() + 15 * MIN));
    await runCheck(first!.payload);
    expect(await noShowsOf(supervisor.id)).toHaveLength(before);

    const gone = await createEvent('Cena Cancelada', 600);
    const [goneCheck] = await checksOf(gone.id);
    expect((await ctx.request({ method: 'DELETE', url: `/api/events/${gone.id}`, cookie: supervisor.cookie })).statusCode).toBe(200);
    ctx.clock.set(new Date(gone.start.getTime() + 15 * MIN));
    await runCheck(goneCheck!.payload);
    expect(await noShowsOf(supervisor.id)).toHaveLength(before);
  });
});
