import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { signInAs, type SignedInUser } from '../../test/sign-in';
import { clockIn, clockOut, createEvent, MIN, recipientsOf, runDueJobs, signInAgain, toldOf } from './reminders.test-support';
import { CLOCK_OUT_REMINDER_JOB, clockOutReminderHandler, SHIFT_REMINDER_JOB, shiftReminderHandler } from './shift-reminders';

/*
 * Issue 23, item 5: the shift reminders are job rows computed from the data. 60 minutes before a
 * shift, those assigned who have not clocked in; 30 minutes after its end, whoever is still
 * clocked in; an hour later, the company's supervisors. Each runs through the server's own job
 * handlers at the test clock's instants, re-reads the event and is idempotent.
 */

const HOUR = 60 * MIN;
let ctx: TestContext;
let supervisor: SignedInUser;
let colleague: SignedInUser;
let ana: SignedInUser;
let bruno: SignedInUser;
let foreignSupervisor: SignedInUser;
let foreignEmployee: SignedInUser;
const at = (instant: Date, offsetMs = 0) => ctx.clock.set(new Date(instant.getTime() + offsetMs));
const jobsOf = async (kind: string, eventId: string) =>
  (await ctx.db.selectFrom('jobs').select(['run_at', 'payload', 'status']).where('kind', '=', kind).execute())
    .map((job) => ({ runAt: new Date(job.run_at).toISOString(), payload: JSON.parse(job.payload) as { eventId: string; at: string }, status: job.status }))
    .filter((job) => job.payload.eventId === eventId);

beforeAll(async () => {
  ctx = await createTestContext();
  const north = await ctx.factories.company('Vigilancia Norte');
  const south = await ctx.factories.company('Eventos Sur');
  supervisor = await signInAs(ctx, 'Supervisor', north.id, { name: 'Marta Supervisora' });
  colleague = await signInAs(ctx, 'Supervisor', north.id, { name: 'Luis Supervisor' });
  ana = await signInAs(ctx, 'Empleado', north.id, { name: 'Ana Puntual' });
  bruno = await signInAs(ctx, 'Empleado', north.id, { name: 'Bruno Olvidadizo' });
  foreignSupervisor = await signInAs(ctx, 'Supervisor', south.id, { name: 'Sergio Sur' });
  foreignEmployee = await signInAs(ctx, 'Empleado', south.id, { name: 'Eva Sur' });
});
afterAll(() => ctx.close());

/** Each test works on its own day, so no person is ever booked twice at once. */
const day = (n: number) => new Date(Date.parse('2026-12-01T09:00:00.000Z') + n * 24 * HOUR);
async function startDay(n: number) {
  at(day(n));
  await signInAgain(ctx, [supervisor, colleague, ana, bruno, foreignSupervisor, foreignEmployee]);
}

describe('the reminder 60 minutes before a shift', () => {
  it('reaches each assigned person of the event at start − 60 min, nobody else, once', async () => {
    await startDay(0);
    const event = await createEvent(ctx, supervisor, { name: 'Concierto de Invierno', start: new Date(day(0).getTime() + 5 * HOUR), staff: [ana, bruno] });
    await createEvent(ctx, foreignSupervisor, { name: 'Feria del Sur', start: event.start, staff: [foreignEmployee] });
    expect((await jobsOf(SHIFT_REMINDER_JOB, event.id)).map((job) => job.runAt)).toEqual([new Date(event.start.getTime() - HOUR).toISOString()]);

    at(event.start, -HOUR - MIN);
    await runDueJobs(ctx);
    expect(await recipientsOf(ctx, 'event.reminder')).toEqual({});

    at(event.start, -HOUR);
    await runDueJobs(ctx);
    expect(await recipientsOf(ctx, 'event.reminder')).toEqual({ [ana.id]: 1, [bruno.id]: 1, [foreignEmployee.id]: 1 });
    const [told] = await toldOf(ctx, 'event.reminder', ana.id);
    expect(told).toEqual({ title: 'Tu turno empieza pronto', body: expect.stringMatching(/^Tu turno en «Concierto de Invierno» empieza el \d\d\/\d\d\/2026 \d\d:\d\d en Estadio\. Recuerda fichar la entrada\.$/), link: '/dashboard/overview' });
    expect((await toldOf(ctx, 'event.reminder', foreignEmployee.id))[0]!.body).toContain('«Feria del Sur»');

    // At-least-once delivery: the same job run again tells nobody twice.
    const [job] = await jobsOf(SHIFT_REMINDER_JOB, event.id);
    await shiftReminderHandler('Europe/Madrid')(job!.payload, { db: ctx.db, clock: ctx.clock, jobId: 'again', attempt: 2 });
    expect(await recipientsOf(ctx, 'event.reminder')).toEqual({ [ana.id]: 1, [bruno.id]: 1, [foreignEmployee.id]: 1 });
  });

  it('moved later: fires at the new time only, with the new time', async () => {
    await startDay(1);
    const event = await createEvent(ctx, supervisor, { name: 'Feria Movida', start: new Date(day(1).getTime() + 4 * HOUR), staff: [ana] });
    const later = new Date(event.start.getTime() + 3 * HOUR);
    const edit = await ctx.request({
      method: 'PUT',
      url: `/api/events/${event.id}`,
      cookie: supervisor.cookie,
      payload: { name: 'Feria Movida', location: 'Estadio', date: later.toISOString(), endDate: new Date(later.getTime() + HOUR).toISOString(), acknowledgeWarnings: true },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const before = (await toldOf(ctx, 'event.reminder', ana.id)).length;

    at(event.start, -HOUR);
    await runDueJobs(ctx);
    expect(await toldOf(ctx, 'event.reminder', ana.id)).toHaveLength(before);

    at(later, -HOUR);
    await runDueJobs(ctx);
    const told = await toldOf(ctx, 'event.reminder', ana.id);
    expect(told).toHaveLength(before + 1);
    expect(told.at(-1)!.body).toContain('«Feria Movida»');
    expect(told.at(-1)!.body).toMatch(new RegExp(`empieza el \\d\\d/\\d\\d/2026 ${String((later.getUTCHours() + 1) % 24).padStart(2, '0')}:00 `));
  });

  it('moved away and back: one job for that start, one reminder', async () => {
    await startDay(2);
    const event = await createEvent(ctx, supervisor, { name: 'Ida y Vuelta', start: new Date(day(2).getTime() + 4 * HOUR), staff: [bruno] });
    const move = (start: Date) =>
      ctx.request({ method: 'PUT', url: `/api/events/${event.id}`, cookie: supervisor.cookie, payload: { name: 'Ida y Vuelta', location: 'Estadio', date: start.toISOString(), endDate: new Date(start.getTime() + HOUR).toISOString(), acknowledgeWarnings: true } });
    expect((await move(new Date(event.start.getTime() + 2 * HOUR))).statusCode).toBe(200);
    expect((await move(event.start)).statusCode).toBe(200);
    expect((await jobsOf(SHIFT_REMINDER_JOB, event.id)).map((job) => job.runAt).sort()).toEqual([
      new Date(event.start.getTime() - HOUR).toISOString(),
      new Date(event.start.getTime() + HOUR).toISOString(),
    ]);
    const before = (await toldOf(ctx, 'event.reminder', bruno.id)).length;
    at(event.start, -HOUR);
    await runDueJobs(ctx);
    at(event.start, HOUR);
    await runDueJobs(ctx);
    expect(await toldOf(ctx, 'event.reminder', bruno.id)).toHaveLength(before + 1);
  });

  it('deleted: nobody; unassigned: not the person taken off', async () => {
    await startDay(3);
    const gone = await createEvent(ctx, supervisor, { name: 'Cena Cancelada', start: new Date(day(3).getTime() + 3 * HOUR), staff: [ana, bruno] });
    const kept = await createEvent(ctx, supervisor, { name: 'Guardia Reducida', start: new Date(day(3).getTime() + 6 * HOUR), staff: [ana, bruno] });
    expect((await ctx.request({ method: 'DELETE', url: `/api/events/${gone.id}`, cookie: supervisor.cookie })).statusCode).toBe(200);
    const unassign = await ctx.request({ method: 'PUT', url: `/api/events/${kept.id}/assignments`, cookie: supervisor.cookie, payload: { assignedEmployees: [ana.id] } });
    expect(unassign.statusCode, unassign.body).toBe(200);
    const before = await recipientsOf(ctx, 'event.reminder');

    at(gone.start, -HOUR);
    await runDueJobs(ctx);
    expect(await recipientsOf(ctx, 'event.reminder')).toEqual(before);

    at(kept.start, -HOUR);
    await runDueJobs(ctx);
    expect(await recipientsOf(ctx, 'event.reminder')).toEqual({ ...before, [ana.id]: before[ana.id]! + 1 });
    expect((await toldOf(ctx, 'event.reminder', ana.id)).at(-1)!.body).toContain('«Guardia Reducida»');
  });

  it('skips whoever has already clocked in on the event', async () => {
    // Ana clocks in on a shift under way; the supervisor then moves it later: her record stands, so
    // the new start's reminder is for Bruno alone.
    await startDay(4);
    const event = await createEvent(ctx, supervisor, { name: 'Turno Adelantado', start: new Date(day(4).getTime() + HOUR), staff: [ana, bruno] });
    at(event.start, 5 * MIN);
    const record = await clockIn(ctx, ana, event.id);
    const later = new Date(event.start.getTime() + 4 * HOUR);
    const edit = await ctx.request({
      method: 'PUT',
      url: `/api/events/${event.id}`,
      cookie: supervisor.cookie,
      payload: { name: 'Turno Adelantado', location: 'Estadio', date: later.toISOString(), endDate: new Date(later.getTime() + HOUR).toISOString(), acknowledgeWarnings: true },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const before = await recipientsOf(ctx, 'event.reminder');
    at(later, -HOUR);
    await runDueJobs(ctx);
    expect(await recipientsOf(ctx, 'event.reminder')).toEqual({ ...before, [bruno.id]: before[bruno.id]! + 1 });
    await clockOut(ctx, ana, record);
  });
});

describe('the forgotten clock-out', () => {
  it('30 min after the end tells whoever is still clocked in; an hour later the company’s supervisors; once', async () => {
    await startDay(5);
    const event = await createEvent(ctx, supervisor, { name: 'Partido de Copa', start: new Date(day(5).getTime() + 2 * HOUR), minutes: 120, staff: [ana, bruno] });
    at(event.start, 5 * MIN);
    const anaRecord = await clockIn(ctx, ana, event.id);
    await clockIn(ctx, bruno, event.id);
    at(event.end, -10 * MIN);
    await clockOut(ctx, ana, anaRecord);
    expect((await jobsOf(CLOCK_OUT_REMINDER_JOB, event.id)).map((job) => job.runAt)).toEqual([new Date(event.end.getTime() + 30 * MIN).toISOString()]);

    at(event.end, 29 * MIN);
    await runDueJobs(ctx);
    expect(await recipientsOf(ctx, 'time-record.open')).toEqual({});

    at(event.end, 30 * MIN);
    await runDueJobs(ctx);
    expect(await recipientsOf(ctx, 'time-record.open')).toEqual({ [bruno.id]: 1 });
    expect(await toldOf(ctx, 'time-record.open', bruno.id)).toEqual([
      { title: '¿Olvidaste fichar la salida?', body: expect.stringContaining('«Partido de Copa» terminó el'), link: '/dashboard/overview' },
    ]);
    expect(await recipientsOf(ctx, 'time-record.open-supervisors')).toEqual({});

    at(event.end, 89 * MIN);
    await runDueJobs(ctx);
    expect(await recipientsOf(ctx, 'time-record.open-supervisors')).toEqual({});
    at(event.end, 90 * MIN);
    await runDueJobs(ctx);
    expect(await recipientsOf(ctx, 'time-record.open-supervisors')).toEqual({ [supervisor.id]: 1, [colleague.id]: 1 });
    expect(await toldOf(ctx, 'time-record.open-supervisors', supervisor.id)).toEqual([
      { title: 'Fichaje sin salida', body: expect.stringMatching(/^Bruno Olvidadizo sigue sin fichar la salida en «Partido de Copa», que terminó el /), link: '/dashboard/time-log' },
    ]);

    // Re-run of both jobs: nothing new.
    const [job] = await jobsOf(CLOCK_OUT_REMINDER_JOB, event.id);
    await clockOutReminderHandler('Europe/Madrid')(job!.payload, { db: ctx.db, clock: ctx.clock, jobId: 'again', attempt: 2 });
    await ctx.db.updateTable('jobs').set({ status: 'pending' }).where('kind', 'like', 'reminder.%').where('status', '=', 'done').execute();
    await runDueJobs(ctx);
    expect(await recipientsOf(ctx, 'time-record.open')).toEqual({ [bruno.id]: 1 });
    expect(await recipientsOf(ctx, 'time-record.open-supervisors')).toEqual({ [supervisor.id]: 1, [colleague.id]: 1 });
  });

  it('clocked out between the two: the supervisors hear nothing', async () => {
    await startDay(6);
    const event = await createEvent(ctx, supervisor, { name: 'Vigilancia Nocturna', start: new Date(day(6).getTime() + 2 * HOUR), staff: [ana] });
    at(event.start, MIN);
    const record = await clockIn(ctx, ana, event.id);
    at(event.end, 30 * MIN);
    await runDueJobs(ctx);
    expect(await recipientsOf(ctx, 'time-record.open')).toMatchObject({ [ana.id]: 1 });
    at(event.end, 45 * MIN);
    await clockOut(ctx, ana, record);
    const before = await recipientsOf(ctx, 'time-record.open-supervisors');
    at(event.end, 90 * MIN);
    await runDueJobs(ctx);
    expect(await recipientsOf(ctx, 'time-record.open-supervisors')).toEqual(before);
  });

  it("'Finalizar ahora' moves the reminder to 30 min after the new end; the old one finds a mismatch", async () => {
    await startDay(7);
    const event = await createEvent(ctx, supervisor, { name: 'Evento Acortado', start: new Date(day(7).getTime() + HOUR), minutes: 240, staff: [ana] });
    at(event.start, 10 * MIN);
    await clockIn(ctx, ana, event.id);
    at(event.start, HOUR);
    const finishedAt = ctx.clock();
    expect((await ctx.request({ method: 'POST', url: `/api/events/${event.id}/finish`, cookie: supervisor.cookie })).statusCode).toBe(200);
    const before = (await toldOf(ctx, 'time-record.open', ana.id)).length;
    at(finishedAt, 30 * MIN);
    await runDueJobs(ctx);
    expect(await toldOf(ctx, 'time-record.open', ana.id)).toHaveLength(before + 1);
    at(event.end, 30 * MIN);
    await runDueJobs(ctx);
    expect(await toldOf(ctx, 'time-record.open', ana.id)).toHaveLength(before + 1);
  });
});
