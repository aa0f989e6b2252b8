import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestEvent } from '../../test/factories';
import { lastAction } from '../../test/last-action';
import { arrangeTwoCompanies, signInAs, type SignedInUser, type TwoCompanies } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertRecord } from './registro.test-support';

let ctx: TestContext;
let world: TwoCompanies;
let worker: SignedInUser;

const createEvent = (payload: object) =>
  ctx.request({ method: 'POST', url: '/api/events', cookie: world.supervisor.cookie, payload: { name: 'Turno', location: 'Almacén', ...payload } });
const eventCount = async () => Number((await ctx.db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  ctx = await createTestContext();
  world = await arrangeTwoCompanies(ctx);
  worker = await signInAs(ctx, 'Empleado', world.home.id, { name: 'Rosa Turnos' });
  // Wednesday 25 November, 14:00–22:00 Madrid.
  await insertTestEvent(ctx.db, { companyId: world.home.id, start: '2026-11-25T13:00:00Z', end: '2026-11-25T21:00:00Z', assignedTo: [worker.id] });
});

afterAll(async () => {
  await ctx.close();
});

describe('assignment warnings', () => {
  it('refuses with a 409 naming the rule, the worker and by how much, and creates nothing', async () => {
    const before = await eventCount();
    const response = await createEvent({ date: '2026-11-26T05:00:00Z', endDate: '2026-11-26T13:00:00Z', assignedEmployees: [worker.id] });
    expect(response.statusCode).toBe(409);
    const { error } = response.json();
    expect(error.code).toBe('WORKING_TIME_WARNING');
    expect(error.message).toBe('La asignación incumple las normas de jornada: Rosa Turnos, Descanso entre jornadas: 8 h, mínimo 12 h (faltan 4 h).');
    expect(error.warnings).toEqual([
      { userId: worker.id, userName: 'Rosa Turnos', rule: 'min-rest', day: '2026-11-26', excessMinutes: 240, message: 'Descanso entre jornadas: 8 h, mínimo 12 h (faltan 4 h)' },
    ]);
    expect(await eventCount()).toBe(before);
  });

  it("assigns anyway once acknowledged ('Asignar igualmente') and logs the warning", async () => {
    const response = await createEvent({ date: '2026-11-26T05:00:00Z', endDate: '2026-11-26T13:00:00Z', assignedEmployees: [worker.id], acknowledgeWarnings: true });
    expect(response.statusCode).toBe(201);
    const logged = await lastAction(ctx, 'working-time.warning');
    expect(logged.company_id).toBe(world.home.id);
    expect(logged.message).toBe(
      `${world.supervisor.name} ha asignado igualmente «Turno» pese a las normas de jornada: Rosa Turnos (26/11/2026): Descanso entre jornadas: 8 h, mínimo 12 h (faltan 4 h)`,
    );
  });

  it('warns of a day beyond the ordinary limit by the planned hours', async () => {
    const response = await createEvent({ date: '2026-12-02T06:00:00Z', endDate: '2026-12-02T18:00:00Z', assignedEmployees: [worker.id] });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.warnings.map((item: { message: string }) => item.message)).toEqual(['Jornada diaria: 12 h, máximo 9 h (exceso 3 h)']);
  });

  it('weighs clocked records too, and follows the company rules', async () => {
    await ctx.request({
      method: 'PUT',
      url: '/api/registro/rules',
      cookie: world.supervisor.cookie,
      payload: { maxDailyHours: 9, minRestHours: 13, maxYearlyOvertimeHours: 80, maxMonthlyHours: null },
    });
    // Yesterday (20 November) worked until 23:00 Madrid.
    await insertRecord(ctx.db, { companyId: world.home.id, userId: worker.id, start: '2026-11-20T14:00:00Z', end: '2026-11-20T22:00:00Z' });
    const event = await insertTestEvent(ctx.db, { companyId: world.home.id, start: '2026-11-21T08:00:00Z', end: '2026-11-21T12:00:00Z' });
    const response = await ctx.request({ method: 'PUT', url: `/api/events/${event.id}/assignments`, cookie: world.supervisor.cookie, payload: { assignedEmployees: [worker.id] } });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.warnings[0].message).toBe('Descanso entre jornadas: 10 h, mínimo 13 h (faltan 3 h)');
    const anyway = await ctx.request({
      method: 'PUT',
      url: `/api/events/${event.id}/assignments`,
      cookie: world.supervisor.cookie,
      payload: { assignedEmployees: [worker.id], acknowledgeWarnings: true },
    });
    expect(anyway.statusCode).toBe(200);
    // Already assigned people are not warned again when only the name changes.
    const rename = await ctx.request({
      method: 'PUT',
      url: `/api/events/${event.id}`,
      cookie: world.supervisor.cookie,
      payload: { name: 'Turno renombrado', location: 'Almacén', date: '2026-11-21T08:00:00Z', endDate: '2026-11-21T12:00:00Z' },
    });
    expect(rename.statusCode).toBe(200);
  });

  it('warns when an edit moves the event into a break for the people already assigned', async () => {
    const event = await insertTestEvent(ctx.db, { companyId: world.home.id, start: '2026-12-09T08:00:00Z', end: '2026-12-09T12:00:00Z', assignedTo: [worker.id] });
    const response = await ctx.request({
      method: 'PUT',
      url: `/api/events/${event.id}`,
      cookie: world.supervisor.cookie,
      payload: { name: 'Turno largo', location: 'Almacén', date: '2026-12-09T06:00:00Z', endDate: '2026-12-09T17:00:00Z' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.warnings[0]).toMatchObject({ rule: 'daily-max', excessMinutes: 120 });
  });

  it('warns of the yearly overtime and the monthly caps', async () => {
    await ctx.request({
      method: 'PUT',
      url: '/api/registro/rules',
      cookie: world.supervisor.cookie,
      payload: { maxDailyHours: 9, minRestHours: 12, maxYearlyOvertimeHours: 1, maxMonthlyHours: 16 },
    });
    const response = await createEvent({ date: '2026-12-16T06:00:00Z', endDate: '2026-12-16T17:00:00Z', assignedEmployees: [worker.id] });
    expect(response.statusCode).toBe(409);
    const messages = response.json().error.warnings.map((item: { message: string }) => item.message);
    expect(messages).toContain('Jornada diaria: 11 h, máximo 9 h (exceso 2 h)');
    expect(messages).toContain('Horas extra del año: 2 h, máximo 1 h (exceso 1 h)');
    // December so far: the 4 h event of the 9th; with these 11 h, 15 h stay within the 16 h.
    expect(messages.some((message: string) => message.startsWith('Horas del mes'))).toBe(false);
    const monthly = await createEvent({ date: '2026-12-18T08:00:00Z', endDate: '2026-12-18T16:00:00Z', assignedEmployees: [worker.id] });
    expect(monthly.statusCode).toBe(201);
    const over = await createEvent({ date: '2026-12-21T08:00:00Z', endDate: '2026-12-21T16:00:00Z', assignedEmployees: [worker.id] });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.warnings.map((item: { message: string }) => item.message)).toEqual(['Horas del mes: 20 h, máximo 16 h (exceso 4 h)']);
  });

  it("never weighs another company's events or records", async () => {
    const stranger = await signInAs(ctx, 'Empleado', world.other.id);
    await insertTestEvent(ctx.db, { companyId: world.other.id, start: '2027-01-05T13:00:00Z', end: '2027-01-05T21:00:00Z', assignedTo: [stranger.id] });
    const response = await ctx.request({
      method: 'POST',
      url: '/api/events',
      cookie: world.admin.cookie,
      payload: { name: 'Turno', location: 'Almacén', date: '2027-01-06T05:00:00Z', endDate: '2027-01-06T13:00:00Z', assignedEmployees: [worker.id], companyId: world.home.id },
    });
    expect(response.statusCode).toBe(201);
  });
});
