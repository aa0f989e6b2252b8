import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../jobs/job-handlers';
import { JobRunner } from '../../jobs/job-runner';
import { verifyRegistro } from '../../ledgers/registro-chain/registro-verify';
import { insertTestEvent } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/test-app';
import { signInAs, type SignedInUser } from '../../test/sign-in';
import { createMailer } from '../mail/mailer';
import { AUTO_CLOCK_OUT_SWEEP_JOB, autoCloseRecord, autoClockOutSweepHandler, closeDueRecords, nextSweepAt, seedAutoClockOutSweep, sweepJobId, withFlag } from './auto-clock-out.service';
import { listDueRecords } from './auto-clock-out.repository';

/*
 * Issue 24, item 5: 'Cierre automático'. A company's setting, a sweep job every minute (a row in
 * `jobs`), each open record closed at its event's end once the tolerance has passed, flagged,
 * sealed as a 'salida', logged and told to the worker; run through the server's own job handlers
 * at the test clock's instants, by a second runner after a 'restart', and again without effect.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const here = { lat: 40.4167754, lng: -3.7037902, accuracy: 12 };
let ctx: TestContext;
let admin: SignedInUser;
let ana: SignedInUser;
let bruno: SignedInUser;
let carla: SignedInUser;
let eva: SignedInUser;
let dora: SignedInUser;
let supervisor: SignedInUser;
let doraRecord: string;
let north: { id: string; name: string };
let south: { id: string; name: string };

const runner = () =>
  new JobRunner({
    db: ctx.db,
    dialect: ctx.database.dialect,
    clock: ctx.clock,
    handlers: jobHandlers({ timeZone: 'Europe/Madrid', mailer: createMailer({ smtpUrl: undefined, from: 'Jornada <no-reply@example.es>' }), publicUrl: 'https://jornada.example.es' }),
  });

/** Runs every due job with `jobs` (a runner: the same one, or a new one after a 'restart'). */
async function runDue(jobs = runner()): Promise<void> {
  while ((await jobs.runDue()) > 0);
}

const day = (n: number) => new Date(Date.parse('2026-12-01T08:00:00.000Z') + n * 24 * HOUR);
async function startDay(n: number) {
  ctx.clock.set(day(n));
  for (const person of [admin, supervisor, ana, bruno, carla, eva, dora]) person.cookie = await ctx.login(person.username, person.password);
}

const saveSettings = (companyId: string, settings: { autoClockOut: boolean; autoClockOutToleranceMin: number; geofenceMode?: 'flag' | 'refuse' }) =>
  ctx.request({ method: 'PUT', url: `/api/companies/${companyId}/settings`, cookie: admin.cookie, payload: { geofenceMode: 'flag', ...settings } });

async function clockIn(person: SignedInUser, eventId: string): Promise<string> {
  const response = await ctx.request({ method: 'POST', url: '/api/time-records/start', cookie: person.cookie, payload: { eventId, location: here } });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

async function clockOut(person: SignedInUser, recordId: string): Promise<void> {
  const response = await ctx.request({ method: 'POST', url: `/api/time-records/${recordId}/stop`, cookie: person.cookie, payload: { location: here } });
  expect(response.statusCode, response.body).toBe(200);
}

/** An event of `companyId` from now for `minutes`, with its staff. */
async function eventNow(companyId: string, staff: SignedInUser[], minutes = 120, name = 'Concierto de Invierno') {
  const start = ctx.clock();
  const end = new Date(start.getTime() + minutes * MIN);
  const event = await insertTestEvent(ctx.db, { companyId, start: start.toISOString(), end: end.toISOString(), name, assignedTo: staff.map((person) => person.id) });
  return { ...event, start, end };
}

const record = (id: string) => ctx.db.selectFrom('time_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const chainActions = async (id: string) =>
  (await ctx.db.selectFrom('registro_chain').select('action').where('subject_id', '=', id).orderBy('seq').execute()).map((row) => row.action);
const toldOf = (userId: string) =>
  ctx.db.selectFrom('notifications').select(['title', 'body', 'link']).where('user_id', '=', userId).where('kind', '=', 'time-record.auto-closed').orderBy('created_at').execute();
const sweepJobs = () => ctx.db.selectFrom('jobs').select(['id', 'run_at', 'status']).where('kind', '=', AUTO_CLOCK_OUT_SWEEP_JOB).orderBy('run_at').execute();
const at = (instant: Date, offsetMs = 0) => ctx.clock.set(new Date(instant.getTime() + offsetMs));

beforeAll(async () => {
  ctx = await createTestContext();
  north = await ctx.factories.company('Vigilancia Norte');
  south = await ctx.factories.company('Eventos Sur');
  admin = await signInAs(ctx, 'Administrador', null, { name: 'Ana Admin' });
  supervisor = await signInAs(ctx, 'Supervisor', north.id, { name: 'Marta Supervisora' });
  ana = await signInAs(ctx, 'Empleado', north.id, { name: 'Ana Olvidadiza' });
  bruno = await signInAs(ctx, 'Empleado', north.id, { name: 'Bruno Puntual' });
  carla = await signInAs(ctx, 'Empleado', north.id, { name: 'Carla Nocturna' });
  eva = await signInAs(ctx, 'Empleado', south.id, { name: 'Eva Sur' });
  dora = await signInAs(ctx, 'Empleado', south.id, { name: 'Dora Sur' });
});
afterAll(() => ctx.close());

describe('automatic clock-out', () => {
  it('with the setting off (the default), closes nothing and schedules no sweep', async () => {
    await startDay(0);
    // Eventos Sur never turns it on: Dora's record stays open for 'Sin cierre' and a correction.
    const event = await eventNow(south.id, [dora]);
    doraRecord = await clockIn(dora, event.id);
    at(event.end, 3 * HOUR);
    await runDue();
    expect(await closeDueRecords(ctx.db, ctx.clock(), 'Europe/Madrid')).toEqual([]);
    expect(await sweepJobs()).toEqual([]);
    expect(await record(doraRecord)).toMatchObject({ status: 'activo', end_time: null, flags: '' });
  });

  it('with it on, closes at the event end once the tolerance has passed: flagged, sealed, logged and told', async () => {
    await startDay(1);
    const saved = await saveSettings(north.id, { autoClockOut: true, autoClockOutToleranceMin: 30 });
    expect(saved.statusCode, saved.body).toBe(200);
    // Turning it on schedules the sweep at the next minute boundary, with that boundary as its id.
    expect((await sweepJobs()).map((job) => job.id)).toEqual([sweepJobId(nextSweepAt(ctx.clock()))]);

    const event = await eventNow(north.id, [ana, bruno], 120, 'Concierto de Invierno');
    const foreign = await eventNow(south.id, [eva], 120, 'Feria del Sur');
    const forgotten = await clockIn(ana, event.id);
    const punctual = await clockIn(bruno, event.id);
    const elsewhere = await clockIn(eva, foreign.id);
    at(event.end, -10 * MIN);
    await clockOut(bruno, punctual);
    const punctualBefore = await record(punctual);

    // At the end and up to the tolerance, nothing yet (the sweeps run each minute meanwhile).
    for (const offset of [0, 10 * MIN, 29 * MIN]) {
      at(event.end, offset);
      await runDue();
    }
    expect(await record(forgotten)).toMatchObject({ status: 'activo', end_time: null });

    at(event.end, 30 * MIN);
    await runDue();
    const closed = await record(forgotten);
    expect(closed).toMatchObject({ status: 'completado', end_time: event.end.toISOString(), duration: 120, flags: 'cierre-automatico', end_location: null });
    expect(await chainActions(forgotten)).toEqual(['entrada', 'salida']);
    expect((await verifyRegistro(ctx.db, ctx.clock())).ok).toBe(true);

    // Clocked out before the sweep: untouched. Another company without the setting: still open.
    expect(await record(punctual)).toEqual(punctualBefore);
    expect(await chainActions(punctual)).toEqual(['entrada', 'salida']);
    expect(await record(elsewhere)).toMatchObject({ status: 'activo', flags: '' });
    expect(await record(doraRecord)).toMatchObject({ status: 'activo', flags: '' });

    expect(await toldOf(ana.id)).toEqual([
      {
        title: 'Fichaje cerrado automáticamente',
        body: `Tu fichaje en «Concierto de Invierno» se cerró automáticamente a las ${new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit' }).format(event.end)}. Si no es tu hora real de salida, solicita una corrección.`,
        link: '/dashboard/my-hours?month=2026-12',
      },
    ]);
    expect(await toldOf(bruno.id)).toEqual([]);
    expect(await toldOf(eva.id)).toEqual([]);
    const logged = await ctx.db.selectFrom('action_log').select(['actor_id', 'actor_name', 'company_id', 'message']).where('kind', '=', 'time-record.auto-close').execute();
    expect(logged).toEqual([
      { actor_id: null, actor_name: 'Sistema', company_id: north.id, message: expect.stringMatching(/^Sistema ha cerrado automáticamente el turno de Ana Olvidadiza en «Concierto de Invierno» a las \d\d:\d\d \(2h 0m\)$/) },
    ]);

    // The worker sees it flagged in Mis Horas and can propose the real time, as for any record.
    const mine = await ctx.request({ method: 'GET', url: '/api/time-records/mine?month=2026-12', cookie: ana.cookie });
    expect(mine.statusCode, mine.body).toBe(200);
    expect((mine.json() as { records: { id: string; flags: string[] }[] }).records.find((item) => item.id === forgotten)?.flags).toEqual(['cierre-automatico']);
    const proposal = await ctx.request({
      method: 'POST',
      url: `/api/time-records/${forgotten}/corrections`,
      cookie: ana.cookie,
      payload: { endTime: new Date(event.end.getTime() - 45 * MIN).toISOString(), reason: 'Me fui antes y olvidé fichar la salida.' },
    });
    expect(proposal.statusCode, proposal.body).toBe(201);
    // The supervisor deciding it sees why the end may be wrong: the record's flag rides with the correction.
    const pending = await ctx.request({ method: 'GET', url: '/api/corrections?status=pendiente', cookie: supervisor.cookie });
    expect(pending.statusCode, pending.body).toBe(200);
    expect((pending.json() as { items: { recordId: string; recordFlags: string[] }[] }).items.find((item) => item.recordId === forgotten)?.recordFlags).toEqual(['cierre-automatico']);
  });

  it('respects each tolerance, closes at the event end even when the sweep runs late, and survives a restart', async () => {
    await startDay(2);
    expect((await saveSettings(north.id, { autoClockOut: true, autoClockOutToleranceMin: 90 })).statusCode).toBe(200);
    const event = await eventNow(north.id, [carla], 60, 'Guardia de Noche');
    const recordId = await clockIn(carla, event.id);

    const first = runner();
    at(event.end, 89 * MIN);
    await runDue(first);
    expect(await record(recordId)).toMatchObject({ status: 'activo' });

    // The servers were down for hours: the sweep row waits in the table; a new runner ('restart')
    // on the same database picks it up, and the record ends at the event's end, not at 'now'.
    at(event.end, 5 * HOUR);
    const pending = (await sweepJobs()).filter((job) => job.status === 'pending');
    expect(pending).toHaveLength(1);
    await runDue(runner());
    expect(await record(recordId)).toMatchObject({ status: 'completado', end_time: event.end.toISOString(), duration: 60, flags: 'cierre-automatico' });
    expect((await sweepJobs()).find((job) => job.id === pending[0]!.id)?.status).toBe('done');

    // Idempotent: the handler again, a seed again, another runner: nothing more happens.
    await autoClockOutSweepHandler('Europe/Madrid')(null, { db: ctx.db, clock: ctx.clock, jobId: 'again', attempt: 2 });
    await seedAutoClockOutSweep(ctx.db, ctx.clock());
    await seedAutoClockOutSweep(ctx.db, ctx.clock());
    at(event.end, 5 * HOUR + 2 * MIN);
    await runDue(runner());
    expect(await chainActions(recordId)).toEqual(['entrada', 'salida']);
    expect(await toldOf(carla.id)).toHaveLength(1);
    expect((await sweepJobs()).filter((job) => job.status === 'pending')).toHaveLength(1);
    expect((await verifyRegistro(ctx.db, ctx.clock())).ok).toBe(true);
  });

  it('closes once when two closings race for the same record (two servers, or a sweep and its retry)', async () => {
    await startDay(3);
    const event = await eventNow(north.id, [ana], 60, 'Partido');
    const recordId = await clockIn(ana, event.id);
    at(event.end, 91 * MIN);
    const [due] = await listDueRecords(ctx.db, north.id, new Date(ctx.clock().getTime() - 90 * MIN).toISOString(), 10);
    expect(due?.id).toBe(recordId);
    const results = await Promise.all([autoCloseRecord(ctx.db, due!, ctx.clock(), 'Europe/Madrid'), autoCloseRecord(ctx.db, due!, ctx.clock(), 'Europe/Madrid')]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await chainActions(recordId)).toEqual(['entrada', 'salida']);
    expect((await toldOf(ana.id)).length).toBe(2);
    expect((await verifyRegistro(ctx.db, ctx.clock())).ok).toBe(true);
  });

  it('once turned off, closes nothing more and stops sweeping', async () => {
    await startDay(4);
    const event = await eventNow(north.id, [bruno], 60, 'Mercadillo');
    const recordId = await clockIn(bruno, event.id);
    expect((await saveSettings(north.id, { autoClockOut: false, autoClockOutToleranceMin: 90 })).statusCode).toBe(200);
    at(event.end, 3 * HOUR);
    await runDue();
    expect(await record(recordId)).toMatchObject({ status: 'activo' });
    expect((await sweepJobs()).filter((job) => job.status === 'pending')).toEqual([]);
  });

  it('closes a constant event’s record at the end of that day’s occurrence, not of the whole range', async () => {
    await startDay(5);
    expect((await saveSettings(north.id, { autoClockOut: true, autoClockOutToleranceMin: 0 })).statusCode).toBe(200);
    // 10:00–12:00 (Madrid, UTC+1) on two days: one event row per day.
    const first = new Date(day(5).getTime() + HOUR);
    const rangeEnd = new Date(first.getTime() + 24 * HOUR + 2 * HOUR);
    const weekday = (date: Date) => (date.getUTCDay() + 6) % 7;
    const created = await ctx.request({
      method: 'POST',
      url: '/api/events',
      cookie: supervisor.cookie,
      payload: { name: 'Ronda de Feria', location: 'Recinto', type: 'constant', repeatDays: [weekday(first), weekday(rangeEnd)], date: first.toISOString(), endDate: rangeEnd.toISOString(), assignedEmployees: [carla.id], acknowledgeWarnings: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const occurrences = (created.json() as { items: { id: string; date: string; endDate: string }[] }).items;
    expect(occurrences).toHaveLength(2);
    const today = occurrences.find((occurrence) => Date.parse(occurrence.date) === first.getTime())!;
    at(first, 5 * MIN);
    const recordId = await clockIn(carla, today.id);
    at(new Date(today.endDate), 1 * MIN);
    await runDue();
    expect(await record(recordId)).toMatchObject({ status: 'completado', end_time: new Date(today.endDate).toISOString(), duration: 115, flags: 'cierre-automatico' });
    expect((await verifyRegistro(ctx.db, ctx.clock())).ok).toBe(true);
  });

  it('leaves a record whose worker already proposed the real end (Sin cierre, correction pending)', async () => {
    await startDay(6);
    expect((await saveSettings(north.id, { autoClockOut: true, autoClockOutToleranceMin: 180 })).statusCode).toBe(200);
    const event = await eventNow(north.id, [bruno], 60, 'Turno Largo');
    const recordId = await clockIn(bruno, event.id);
    // (Bruno's 'Mercadillo' record, left open while the setting was off, was closed once it came back on.)
    const told = (await toldOf(bruno.id)).length;
    at(event.end, 2 * HOUR + MIN);
    const proposal = await ctx.request({
      method: 'POST',
      url: `/api/time-records/${recordId}/corrections`,
      cookie: bruno.cookie,
      payload: { endTime: new Date(event.end.getTime() + 15 * MIN).toISOString(), reason: 'Salí un cuarto de hora tarde y olvidé fichar.' },
    });
    expect(proposal.statusCode, proposal.body).toBe(201);
    at(event.end, 3 * HOUR + MIN);
    await runDue();
    expect(await record(recordId)).toMatchObject({ status: 'activo', flags: '' });
    expect(await toldOf(bruno.id)).toHaveLength(told);
  });

  it('merges its flag with the record’s own, sorted as stored', () => {
    expect(withFlag('', 'cierre-automatico')).toBe('cierre-automatico');
    expect(withFlag('sin-conexion,fuera-de-zona', 'cierre-automatico')).toBe('cierre-automatico,fuera-de-zona,sin-conexion');
    expect(withFlag('cierre-automatico', 'cierre-automatico')).toBe('cierre-automatico');
  });
});
