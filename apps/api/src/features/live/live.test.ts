import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent, LiveResponse } from '@jornada/shared/schemas/live';
import { migrationProvider } from '../../db/migrations/index';
import { insertTestEvent } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { signInAs, type SignedInUser } from '../../test/sign-in';

/*
 * 'Ahora' (decision 030). The test clock stands still at 10:00Z unless a test moves it, so each
 * state is computed at a known instant; events are placed relative to it.
 */
const MIN = 60_000;
const here = { lat: 40.4167754, lng: -3.7037902, accuracy: 12 };

let ctx: TestContext;
let north: { id: string };
let south: { id: string };
let supervisor: SignedInUser;
let employee: SignedInUser;
let admin: SignedInUser;
let southSupervisor: SignedInUser;

beforeAll(async () => {
  ctx = await createTestContext();
  north = await ctx.factories.company('Vigilancia Norte');
  south = await ctx.factories.company('Eventos Sur');
  supervisor = await signInAs(ctx, 'Supervisor', north.id, { name: 'Marta Supervisora' });
  employee = await signInAs(ctx, 'Empleado', north.id, { name: 'Empleado Curioso' });
  admin = await signInAs(ctx, 'Administrador');
  southSupervisor = await signInAs(ctx, 'Supervisor', south.id, { name: 'Sergio Sur' });
});
afterAll(() => ctx.close());

const at = (minutesFromNow: number) => new Date(ctx.clock().getTime() + minutesFromNow * MIN).toISOString();

async function eventOf(companyId: string, startMin: number, endMin: number, assignedTo: string[], name: string) {
  return insertTestEvent(ctx.db, { companyId, name, start: at(startMin), end: at(endMin), assignedTo });
}

async function live(cookie: string, query = ''): Promise<LiveResponse> {
  const response = await ctx.request({ method: 'GET', url: `/api/live${query}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const clockIn = async (person: SignedInUser, eventId: string) => {
  const response = await ctx.request({ method: 'POST', url: '/api/time-records/start', cookie: person.cookie, payload: { eventId, location: here } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; startTime: string };
};
const clockOut = async (person: SignedInUser, recordId: string) => {
  const response = await ctx.request({ method: 'POST', url: `/api/time-records/${recordId}/stop`, cookie: person.cookie, payload: { location: here } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { endTime: string };
};

const find = (view: LiveResponse, eventId: string): LiveEvent | undefined => view.events.find((event) => event.id === eventId);
const stateOf = (view: LiveResponse, eventId: string, userId: string) => find(view, eventId)?.people.find((person) => person.userId === userId);

describe('GET /api/live', () => {
  it("computes each person's state at the server's clock", async () => {
    const start = ctx.clock().toISOString();
    const [ana, bruno, carla, david, elena] = await Promise.all(
      ['Ana Fichada', 'Bruno Ausente', 'Carla Terminada', 'David Tarde', 'Elena Pronto'].map((name) => signInAs(ctx, 'Empleado', north.id, { name })),
    );
    const main = await eventOf(north.id, -60, 240, [ana!.id, bruno!.id, carla!.id], 'Concierto Principal');
    const late = await eventOf(north.id, -10, 300, [david!.id], 'Puerta Norte');
    const soon = await eventOf(north.id, 120, 360, [elena!.id], 'Cena de Gala');
    const later = await eventOf(north.id, 240, 480, [elena!.id], 'Turno de Noche');
    const over = await eventOf(north.id, -300, -30, [bruno!.id], 'Mañana Terminada');

    // Ana clocked in 50 minutes ago; Carla clocked in and out since.
    ctx.clock.set(at(-50));
    const anaRecord = await clockIn(ana!, main.id);
    const carlaRecord = await clockIn(carla!, main.id);
    ctx.clock.set(at(20));
    const carlaOut = await clockOut(carla!, carlaRecord.id);
    ctx.clock.set(start);

    const view = await live(supervisor.cookie);
    expect(view.now).toBe(start);
    expect(view).toMatchObject({ graceMinutes: 15, hours: 3, truncated: false });
    expect(stateOf(view, main.id, ana!.id)).toMatchObject({ state: 'Fichado', clockInTime: anaRecord.startTime, clockOutTime: null, name: 'Ana Fichada' });
    expect(stateOf(view, main.id, bruno!.id)).toMatchObject({ state: 'No presentado', clockInTime: null });
    expect(stateOf(view, main.id, carla!.id)).toMatchObject({ state: 'Finalizado', clockInTime: carlaRecord.startTime, clockOutTime: carlaOut.endTime });
    expect(stateOf(view, late.id, david!.id)).toMatchObject({ state: 'Retrasado' });
    expect(stateOf(view, soon.id, elena!.id)).toMatchObject({ state: 'Pendiente' });
    expect(find(view, main.id)).toMatchObject({ status: 'Activo', name: 'Concierto Principal', companyId: north.id });
    expect(find(view, soon.id)).toMatchObject({ status: 'Programado' });
    // Outside the 3-hour window and already over: not on the screen.
    expect(find(view, later.id)).toBeUndefined();
    expect(find(view, over.id)).toBeUndefined();
    // Who needs a call first: the no-show, then the one clocked in, then the one who left.
    expect(find(view, main.id)!.people.map((person) => person.state)).toEqual(['No presentado', 'Fichado', 'Finalizado']);
    // Under way first, then by start.
    const order = view.events.map((event) => event.id);
    expect(order.indexOf(main.id)).toBeLessThan(order.indexOf(late.id));
    expect(order.indexOf(late.id)).toBeLessThan(order.indexOf(soon.id));

    // A wider window brings the night shift in.
    expect(find(await live(supervisor.cookie, '?hours=5'), later.id)?.people[0]).toMatchObject({ userId: elena!.id, state: 'Pendiente' });
  });

  it('turns Retrasado into No presentado exactly when the grace period ends, and Fichado after a clock-in', async () => {
    const start = ctx.clock().toISOString();
    const late = await signInAs(ctx, 'Empleado', north.id, { name: 'Luis Límite' });
    const event = await eventOf(north.id, 5, 300, [late.id], 'Control de Accesos');
    expect(stateOf(await live(supervisor.cookie), event.id, late.id)?.state).toBe('Pendiente');
    ctx.clock.set(at(5));
    expect(stateOf(await live(supervisor.cookie), event.id, late.id)?.state).toBe('Retrasado');
    ctx.clock.set(new Date(Date.parse(start) + 20 * MIN - 1).toISOString());
    expect(stateOf(await live(supervisor.cookie), event.id, late.id)?.state).toBe('Retrasado');
    ctx.clock.set(new Date(Date.parse(start) + 20 * MIN).toISOString());
    expect(stateOf(await live(supervisor.cookie), event.id, late.id)?.state).toBe('No presentado');
    const record = await clockIn(late, event.id);
    expect(stateOf(await live(supervisor.cookie), event.id, late.id)).toMatchObject({ state: 'Fichado', clockInTime: record.startTime });
    await clockOut(late, (record as { id: string }).id);
    ctx.clock.set(start);
  });

  it("never shows another company's events or people", async () => {
    const foreigner = await signInAs(ctx, 'Empleado', south.id, { name: 'Pedro Sur' });
    const southEvent = await eventOf(south.id, -30, 120, [foreigner.id], 'Feria del Sur');
    const own = await live(supervisor.cookie);
    expect(find(own, southEvent.id)).toBeUndefined();
    expect(JSON.stringify(own)).not.toContain('Pedro Sur');
    expect(own.events.every((event) => event.companyId === north.id)).toBe(true);
    // Naming the other company changes nothing for a supervisor: the filter is the administrator's.
    const smuggled = await live(supervisor.cookie, `?companyId=${south.id}`);
    expect(find(smuggled, southEvent.id)).toBeUndefined();
    expect(smuggled.events.every((event) => event.companyId === north.id)).toBe(true);
    // The other company's supervisor sees it, and nothing of the first company.
    const theirs = await live(southSupervisor.cookie);
    expect(stateOf(theirs, southEvent.id, foreigner.id)?.state).toBe('No presentado');
    expect(theirs.events.every((event) => event.companyId === south.id)).toBe(true);
  });

  it('lets the administrator see every company or choose one', async () => {
    const everything = await live(admin.cookie);
    const companies = new Set(everything.events.map((event) => event.companyId));
    expect(companies).toEqual(new Set([north.id, south.id]));
    const chosen = await live(admin.cookie, `?companyId=${south.id}`);
    expect(chosen.events.length).toBeGreaterThan(0);
    expect(chosen.events.every((event) => event.companyId === south.id)).toBe(true);
  });

  it("carries the person's phone number for the 'Llamar' link, as the supervisor saved it", async () => {
    const worker = await ctx.factories.user({ role: 'Empleado', companyId: north.id, name: 'Rosa Teléfono' });
    const event = await eventOf(north.id, -5, 120, [worker.id], 'Recepción');
    expect(stateOf(await live(supervisor.cookie), event.id, worker.id)?.phone).toBeNull();
    const saved = await ctx.request({
      method: 'PUT',
      url: `/api/employees/${worker.id}`,
      cookie: supervisor.cookie,
      payload: { name: 'Rosa Teléfono', email: null, phone: '+34 600 11 22 33', roleId: 'role-employee', categoryIds: [] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().phone).toBe('+34600112233');
    expect(stateOf(await live(supervisor.cookie), event.id, worker.id)?.phone).toBe('+34600112233');

    const employeeForm = { name: 'Rosa Teléfono', email: null, roleId: 'role-employee', categoryIds: [] };
    const put = (payload: object) => ctx.request({ method: 'PUT', url: `/api/employees/${worker.id}`, cookie: supervisor.cookie, payload });
    // A bad number is refused with a Spanish message and nothing changes.
    const bad = await put({ ...employeeForm, phone: '600-ABC' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('El teléfono no es válido');
    // A form that predates the field keeps the number; a blank one removes it.
    expect((await put(employeeForm)).json().phone).toBe('+34600112233');
    expect((await put({ ...employeeForm, phone: '  ' })).json().phone).toBeNull();

    // The administrator's user form takes it too.
    const created = await ctx.request({
      method: 'POST',
      url: '/api/users',
      cookie: admin.cookie,
      payload: { name: 'Tomás Nuevo', username: 'tomas.nuevo', password: 'Segura-Clave1!', roleId: 'role-employee', companyId: north.id, phone: '611 22 33 44' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().phone).toBe('611223344');
  });

  it('refuses an employee, a bad window and a supervisor whose company withdrew the view', async () => {
    const refused = await ctx.request({ method: 'GET', url: '/api/live', cookie: employee.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBeTypeOf('string');

    const badHours = await ctx.request({ method: 'GET', url: '/api/live?hours=48', cookie: supervisor.cookie });
    expect(badHours.statusCode).toBe(400);
    expect(badHours.json().error.message).toContain('Las horas deben estar entre 1 y 12');

    expect((await ctx.request({ method: 'GET', url: '/api/live' })).statusCode).toBe(401);

    const matrix = (await ctx.request({ method: 'GET', url: `/api/permissions/${north.id}`, cookie: admin.cookie })).json();
    const supervisorViews: string[] = matrix.permissions['role-supervisor'];
    expect(supervisorViews).toContain('live');
    const withdrawn = await ctx.request({
      method: 'PUT',
      url: `/api/permissions/${north.id}`,
      cookie: admin.cookie,
      payload: { permissions: { 'role-supervisor': supervisorViews.filter((view) => view !== 'live') } },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const forbidden = await ctx.request({ method: 'GET', url: '/api/live', cookie: supervisor.cookie });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe('Tu empresa no te ha concedido acceso a esta sección.');
    // The other company still grants it, and the administrator is never limited by a matrix.
    expect((await ctx.request({ method: 'GET', url: '/api/live', cookie: southSupervisor.cookie })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: `/api/live?companyId=${north.id}`, cookie: admin.cookie })).statusCode).toBe(200);

    await ctx.request({ method: 'PUT', url: `/api/permissions/${north.id}`, cookie: admin.cookie, payload: { permissions: { 'role-supervisor': supervisorViews } } });
    expect((await ctx.request({ method: 'GET', url: '/api/live', cookie: supervisor.cookie })).statusCode).toBe(200);
  });
});

describe("the 'live' view for companies that existed before it", () => {
  it("is granted to every company's Supervisor by the migration, and to no one else", async () => {
    const database = await createTestDatabase();
    try {
      const migrator = new Migrator({ db: database.db, provider: migrationProvider });
      const before = await migrator.migrateTo('2026-11-26-0160-user-phone');
      expect(before.error).toBeUndefined();
      const created_at = '2026-01-01T00:00:00.000Z';
      await database.db
        .insertInto('roles')
        .values([
          { id: 'role-supervisor', name: 'Supervisor', price_cents: null, is_default: 1, created_at },
          { id: 'role-employee', name: 'Empleado', price_cents: null, is_default: 1, created_at },
        ])
        .execute();
      await database.db.insertInto('companies').values({ id: 'comp-old', name: 'Antigua S.L.', created_at: '2026-01-01T00:00:00.000Z' }).execute();
      await database.db.insertInto('company_roles').values([{ company_id: 'comp-old', role_id: 'role-supervisor' }, { company_id: 'comp-old', role_id: 'role-employee' }]).execute();
      await database.db.insertInto('company_permissions').values({ company_id: 'comp-old', role_id: 'role-supervisor', view_id: 'time-log' }).execute();

      const after = await migrator.migrateToLatest();
      expect(after.error).toBeUndefined();
      const rows = await database.db.selectFrom('company_permissions').select(['role_id', 'view_id']).where('company_id', '=', 'comp-old').orderBy('view_id').execute();
      expect(rows).toEqual([
        { role_id: 'role-supervisor', view_id: 'live' },
        { role_id: 'role-supervisor', view_id: 'time-log' },
      ]);
    } finally {
      await database.destroy();
    }
  });

  it('is granted to the Supervisor of a new company by default', async () => {
    const created = await ctx.request({ method: 'POST', url: '/api/companies', cookie: admin.cookie, payload: { name: 'Nueva Seguridad' } });
    expect(created.statusCode, created.body).toBe(201);
    const matrix = (await ctx.request({ method: 'GET', url: `/api/permissions/${created.json().id}`, cookie: admin.cookie })).json();
    expect(matrix.permissions['role-supervisor']).toContain('live');
    expect(matrix.permissions['role-employee']).not.toContain('live');
  });
});
