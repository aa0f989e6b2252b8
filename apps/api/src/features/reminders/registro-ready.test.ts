import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, createTestContext, type TestContext } from '../../test/test-app';
import { signInAs, type SignedInUser } from '../../test/sign-in';
import { REGISTRO_READY_JOB, registroReadyHandler, seedRegistroReady } from './registro-ready';
import { clockIn, clockOut, createEvent, MIN, recipientsOf, runDueJobs, signInAgain, toldOf } from './reminders.test-support';

/*
 * Issue 23, item 5: on the 1st (09:00 in Europe/Madrid) each person with records in the month just
 * closed hears that its registro is ready to sign; the job schedules next month's, and the seed at
 * server start leaves exactly one pending job however many servers start.
 */

const TZ = 'Europe/Madrid';
let ctx: TestContext;
let supervisor: SignedInUser;
let ana: SignedInUser;
let bruno: SignedInUser;
let idle: SignedInUser;
let foreignSupervisor: SignedInUser;
let foreignEmployee: SignedInUser;

const pendingJobs = async () =>
  (await ctx.db.selectFrom('jobs').select(['id', 'run_at', 'payload']).where('kind', '=', REGISTRO_READY_JOB).where('status', '=', 'pending').orderBy('run_at').execute()).map((job) => ({
    id: job.id,
    runAt: new Date(job.run_at).toISOString(),
    payload: JSON.parse(job.payload) as unknown,
  }));

/** A shift worked through the API: the event, the clock-in and the clock-out. */
async function work(boss: SignedInUser, person: SignedInUser, start: string, minutes: number) {
  ctx.clock.set(new Date(Date.parse(start) - 10 * MIN));
  await signInAgain(ctx, [boss, person]);
  const event = await createEvent(ctx, boss, { name: 'Turno', start: new Date(start), minutes, staff: [person] });
  ctx.clock.set(new Date(Date.parse(start) + MIN));
  const record = await clockIn(ctx, person, event.id);
  ctx.clock.set(new Date(Date.parse(start) + (minutes - 1) * MIN));
  await clockOut(ctx, person, record);
}

beforeAll(async () => {
  ctx = await createTestContext({ clock: createTestClock('2026-11-30T12:00:00.000Z') });
  const north = await ctx.factories.company('Vigilancia Norte');
  const south = await ctx.factories.company('Eventos Sur');
  supervisor = await signInAs(ctx, 'Supervisor', north.id, { name: 'Marta Supervisora' });
  ana = await signInAs(ctx, 'Empleado', north.id, { name: 'Ana Noviembre' });
  bruno = await signInAs(ctx, 'Empleado', north.id, { name: 'Bruno Medianoche' });
  idle = await signInAs(ctx, 'Empleado', north.id, { name: 'Inés Sin Fichajes' });
  foreignSupervisor = await signInAs(ctx, 'Supervisor', south.id, { name: 'Sergio Sur' });
  foreignEmployee = await signInAs(ctx, 'Empleado', south.id, { name: 'Eva Sur' });
});
afterAll(() => ctx.close());

describe("the month's registro ready to sign", () => {
  it('is seeded once for the coming 1st at 09:00 Madrid, however many servers start', async () => {
    await Promise.all([seedRegistroReady(ctx.db, ctx.clock(), TZ), seedRegistroReady(ctx.db, ctx.clock(), TZ)]);
    await seedRegistroReady(ctx.db, ctx.clock(), TZ);
    expect(await pendingJobs()).toEqual([{ id: 'job_registro-ready_2026-11', runAt: '2026-12-01T08:00:00.000Z', payload: { month: '2026-11' } }]);
  });

  it('on the 1st reaches only the people with records in the month (in Madrid time), in their company, and reschedules itself', async () => {
    await work(supervisor, ana, '2026-11-30T19:00:00.000Z', 120);
    await work(foreignSupervisor, foreignEmployee, '2026-11-30T19:00:00.000Z', 120);
    // 23:15 UTC on the 30th is 00:15 on 1 December in Madrid: a December record.
    await work(supervisor, bruno, '2026-11-30T23:10:00.000Z', 40);

    ctx.clock.set('2026-12-01T07:59:00.000Z');
    await runDueJobs(ctx);
    expect(await recipientsOf(ctx, 'registro.ready')).toEqual({});

    ctx.clock.set('2026-12-01T08:00:00.000Z');
    await runDueJobs(ctx);
    expect(await recipientsOf(ctx, 'registro.ready')).toEqual({ [ana.id]: 1, [foreignEmployee.id]: 1 });
    expect(await toldOf(ctx, 'registro.ready', ana.id)).toEqual([
      { title: 'Tu registro de jornada está listo', body: 'El registro de jornada de noviembre de 2026 ya se puede firmar. Revísalo y fírmalo.', link: '/dashboard/my-registro?month=2026-11' },
    ]);
    expect(await pendingJobs()).toEqual([{ id: 'job_registro-ready_2026-12', runAt: '2027-01-01T08:00:00.000Z', payload: { month: '2026-12' } }]);
    // The link opens a page the person can see: their own month, signable now that it is closed.
    await signInAgain(ctx, [ana]);
    const month = await ctx.request({ method: 'GET', url: '/api/registro/mine?month=2026-11', cookie: ana.cookie });
    expect(month.statusCode, month.body).toBe(200);
    expect(month.json()).toMatchObject({ month: '2026-11', canSign: true });
  });

  it('run again (at-least-once delivery) or seeded again by a server starting on the 1st, adds nothing', async () => {
    await registroReadyHandler(TZ)({ month: '2026-11' }, { db: ctx.db, clock: ctx.clock, jobId: 'again', attempt: 2 });
    await seedRegistroReady(ctx.db, ctx.clock(), TZ);
    expect(await recipientsOf(ctx, 'registro.ready')).toEqual({ [ana.id]: 1, [foreignEmployee.id]: 1 });
    expect((await pendingJobs()).map((job) => job.id)).toEqual(['job_registro-ready_2026-12']);
  });

  it("next month's job tells December's workers on 1 January", async () => {
    ctx.clock.set('2027-01-01T08:00:00.000Z');
    await runDueJobs(ctx);
    expect(await recipientsOf(ctx, 'registro.ready')).toEqual({ [ana.id]: 1, [foreignEmployee.id]: 1, [bruno.id]: 1 });
    expect((await toldOf(ctx, 'registro.ready', bruno.id))[0]!.link).toBe('/dashboard/my-registro?month=2026-12');
    expect(await toldOf(ctx, 'registro.ready', idle.id)).toEqual([]);
    expect((await pendingJobs()).map((job) => job.id)).toEqual(['job_registro-ready_2027-01']);
  });
});
