import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/test-app';
import { insertTestEvent } from '../../test/factories';
import { withholdView } from '../../test/worlds';
import { createEventsWorld, momentary, type EventsWorld } from './events.test-world';

let ctx: EventsWorld['ctx'];
let company: EventsWorld['company'];
let otherCompany: EventsWorld['otherCompany'];
let cookies: EventsWorld['cookies'];
let post: EventsWorld['post'];
let put: EventsWorld['put'];
let logMessages: EventsWorld['logMessages'];
let signIn: EventsWorld['signIn'];
let adminId: EventsWorld['adminId'];
let supervisor: EventsWorld['supervisor'];
let employee: EventsWorld['employee'];
let colleague: EventsWorld['colleague'];
let outsider: EventsWorld['outsider'];

beforeAll(async () => {
  ({ ctx, company, otherCompany, cookies, post, put, logMessages, signIn, adminId, supervisor, employee, colleague, outsider } = await createEventsWorld());
});
afterAll(() => ctx.close());

describe('POST /api/events (momentary)', () => {
  it('creates one Programado event in the supervisor company with its staff and logs it', async () => {
    const response = await post('/api/events', { ...momentary, assignedEmployees: [employee.id, colleague.id] }, cookies.supervisor);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.count).toBe(1);
    expect(body.items[0]).toMatchObject({
      name: 'Concierto',
      location: 'Palacio de Deportes',
      date: momentary.date,
      endDate: momentary.endDate,
      status: 'Programado',
      type: 'momentary',
      repeatDays: [],
      companyId: company.id,
      companyName: 'Vigilancia Norte',
      assignedEmployees: [colleague.id, employee.id],
      assignedEmployeeNames: ['Ana Ruiz', 'Juan Pérez'],
      finishedEarlyAt: null,
    });
    expect(body.items[0].id).toMatch(/^evt-/);
    expect(await logMessages(company.id)).toContain('Marta López ha creado el evento «Concierto»');
  });

  it('stores instants sent with an offset in UTC', async () => {
    const response = await post('/api/events', { ...momentary, date: '2026-11-28T19:00:00+01:00', endDate: '2026-11-29T00:30:00+01:00' }, cookies.supervisor);
    expect(response.json().items[0]).toMatchObject({ date: '2026-11-28T18:00:00.000Z', endDate: '2026-11-28T23:30:00.000Z' });
  });

  it.each(['name', 'location', 'date', 'endDate'])("asks to complete every field when '%s' is missing", async (field) => {
    const response = await post('/api/events', { ...momentary, [field]: field === 'date' || field === 'endDate' ? '' : '  ' }, cookies.supervisor);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'VALIDATION_ERROR', message: 'Por favor, completa todos los campos del evento.' });
  });

  it('refuses an end that is not after the start', async () => {
    const response = await post('/api/events', { ...momentary, endDate: momentary.date }, cookies.supervisor);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('La fecha de fin debe ser posterior a la de inicio.');
  });

  it("refuses another company's employee with 422 and creates nothing", async () => {
    const before = await ctx.db.selectFrom('events').select('id').execute();
    const response = await post('/api/events', { ...momentary, name: 'Ajeno', assignedEmployees: [employee.id, outsider.id] }, cookies.supervisor);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toEqual({ code: 'UNPROCESSABLE', message: 'Solo se puede asignar personal de la empresa del evento.' });
    expect(await ctx.db.selectFrom('events').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses an unknown id, an administrator, and a disabled or deleted user', async () => {
    for (const id of ['user-que-no-existe', await adminId()]) {
      expect((await post('/api/events', { ...momentary, assignedEmployees: [id] }, cookies.supervisor)).statusCode).toBe(422);
    }
    const disabled = await ctx.factories.user({ role: 'Empleado', companyId: company.id, name: 'Luis Baja', disabled: true });
    const refused = await post('/api/events', { ...momentary, assignedEmployees: [disabled.id] }, cookies.supervisor);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('No se puede asignar a Luis Baja: su acceso está deshabilitado.');
    const deleted = await ctx.factories.user({ role: 'Empleado', companyId: company.id, deleted: true });
    expect((await post('/api/events', { ...momentary, assignedEmployees: [deleted.id] }, cookies.supervisor)).statusCode).toBe(422);
  });

  it('lets a supervisor be assigned', async () => {
    const response = await post('/api/events', { ...momentary, assignedEmployees: [supervisor.id] }, cookies.supervisor);
    expect(response.statusCode).toBe(201);
    expect(response.json().items[0].assignedEmployeeNames).toEqual(['Marta López']);
  });

  it("refuses a supervisor's attempt to create in another company", async () => {
    const response = await post('/api/events', { ...momentary, companyId: otherCompany.id }, cookies.supervisor);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe('Solo puedes gestionar eventos de tu empresa.');
  });
});

describe('POST /api/events (administrator)', () => {
  it('creates the event in the company the admin chooses', async () => {
    const response = await post('/api/events', { ...momentary, name: 'Feria', companyId: otherCompany.id, assignedEmployees: [outsider.id] }, cookies.admin);
    expect(response.statusCode).toBe(201);
    expect(response.json().items[0]).toMatchObject({ companyId: otherCompany.id, companyName: 'Seguridad Sur', assignedEmployeeNames: ['Pedro Sur'] });
  });

  it('asks for the company, and refuses an unknown one', async () => {
    const missing = await post('/api/events', momentary, cookies.admin);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Selecciona la empresa del evento.');
    const unknown = await post('/api/events', { ...momentary, companyId: 'comp-no-existe' }, cookies.admin);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.message).toBe('La empresa seleccionada no existe.');
  });

  it("refuses another company's employee in the chosen company", async () => {
    const response = await post('/api/events', { ...momentary, companyId: otherCompany.id, assignedEmployees: [employee.id] }, cookies.admin);
    expect(response.statusCode).toBe(422);
  });

  it("says 'No hay empresas creadas. Crea una primero.' when no company exists", async () => {
    const empty = await createTestContext();
    try {
      const admin = await empty.factories.user({ role: 'Administrador' });
      const cookie = await empty.login(admin.username, admin.password);
      const response = await empty.request({ method: 'POST', url: '/api/events', payload: momentary, cookie });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.message).toBe('No hay empresas creadas. Crea una primero.');
    } finally {
      await empty.close();
    }
  });
});

describe('POST /api/events (constant)', () => {
  it('creates one event per matching day in one go and logs how many', async () => {
    // Monday 23 to Sunday 29 November, 09:00–17:00 Madrid, Monday, Wednesday, Friday and Sunday.
    // An earlier event leaves Juan 9 h of rest before Sunday: the working-time warning is acknowledged.
    const response = await post(
      '/api/events',
      {
        name: 'Vigilancia',
        location: 'Almacén',
        date: '2026-11-23T08:00:00.000Z',
        endDate: '2026-11-29T16:00:00.000Z',
        type: 'constant',
        repeatDays: [0, 2, 4, 6],
        assignedEmployees: [employee.id],
        acknowledgeWarnings: true,
      },
      cookies.supervisor,
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.count).toBe(4);
    expect(body.items.map((event: { date: string; endDate: string }) => [event.date, event.endDate])).toEqual([
      ['2026-11-23T08:00:00.000Z', '2026-11-23T16:00:00.000Z'],
      ['2026-11-25T08:00:00.000Z', '2026-11-25T16:00:00.000Z'],
      ['2026-11-27T08:00:00.000Z', '2026-11-27T16:00:00.000Z'],
      ['2026-11-29T08:00:00.000Z', '2026-11-29T16:00:00.000Z'],
    ]);
    for (const event of body.items) expect(event).toMatchObject({ type: 'constant', repeatDays: [0, 2, 4, 6], assignedEmployees: [employee.id] });
    expect(await logMessages(company.id)).toContain('Marta López ha creado 4 eventos «Vigilancia»');
  });

  it('asks for a repeat day', async () => {
    const response = await post('/api/events', { ...momentary, type: 'constant', repeatDays: [] }, cookies.supervisor);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Para un evento constante, selecciona al menos un día de repetición.');
  });

  it('refuses a range where no day matches', async () => {
    // Saturday 28 November only, asking for Mondays.
    const response = await post('/api/events', { ...momentary, type: 'constant', repeatDays: [0] }, cookies.supervisor);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Ninguna fecha entre el inicio y el fin coincide con los días de repetición seleccionados.');
  });

  it('refuses a range longer than a year', async () => {
    const response = await post('/api/events', { ...momentary, endDate: '2028-01-01T23:00:00.000Z', type: 'constant', repeatDays: [0] }, cookies.supervisor);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Un evento constante no puede abarcar más de 366 días.');
  });

  it('creates nothing when one assignee is refused', async () => {
    const before = (await ctx.db.selectFrom('events').select('id').execute()).length;
    const response = await post(
      '/api/events',
      { ...momentary, endDate: '2026-12-05T23:00:00.000Z', type: 'constant', repeatDays: [5], assignedEmployees: [outsider.id] },
      cookies.supervisor,
    );
    expect(response.statusCode).toBe(422);
    expect((await ctx.db.selectFrom('events').select('id').execute()).length).toBe(before);
  });
});

describe('who may manage events', () => {
  it('answers 401 to an anonymous request', async () => {
    expect((await post('/api/events', momentary, undefined)).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: '/api/events' })).statusCode).toBe(401);
  });

  it('answers 403 to an employee for every management operation', async () => {
    const event = await insertTestEvent(ctx.db, { companyId: company.id, start: '2026-11-21T09:00:00Z', end: '2026-11-21T18:00:00Z', assignedTo: [employee.id] });
    const calls = [
      post('/api/events', momentary, cookies.employee),
      put(`/api/events/${event.id}`, momentary, cookies.employee),
      ctx.request({ method: 'DELETE', url: `/api/events/${event.id}`, cookie: cookies.employee }),
      put(`/api/events/${event.id}/assignments`, { assignedEmployees: [] }, cookies.employee),
      post(`/api/events/${event.id}/finish`, {}, cookies.employee),
      ctx.request({ method: 'GET', url: '/api/events', cookie: cookies.employee }),
      ctx.request({ method: 'GET', url: '/api/events/supervise', cookie: cookies.employee }),
      ctx.request({ method: 'GET', url: '/api/events/log', cookie: cookies.employee }),
      ctx.request({ method: 'GET', url: '/api/events/assignable-employees', cookie: cookies.employee }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(403);
  });

  it('answers 403 to a supervisor whose company withdraws manage-events, per view', async () => {
    const withdrawn = await ctx.factories.company('Sin Gestión');
    const session = await signIn('Supervisor', withdrawn.id);
    const withdraw = (view: string) => withholdView(ctx, withdrawn.id, 'Supervisor', view);
    await withdraw('manage-events');
    expect((await post('/api/events', momentary, session.cookie)).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: '/api/events', cookie: session.cookie })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: '/api/events/supervise', cookie: session.cookie })).statusCode).toBe(200);
    await withdraw('supervise-events');
    await withdraw('event-log');
    await withdraw('shifts');
    for (const url of ['/api/events/supervise', '/api/events/log', '/api/events/shifts']) {
      expect((await ctx.request({ method: 'GET', url, cookie: session.cookie })).statusCode).toBe(403);
    }
  });
});
