import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestEvent } from '../../test/factories';
import { createEventsWorld, momentary, type EventsWorld } from './events.test-world';

let ctx: EventsWorld['ctx'];
let company: EventsWorld['company'];
let otherCompany: EventsWorld['otherCompany'];
let cookies: EventsWorld['cookies'];
let post: EventsWorld['post'];
let put: EventsWorld['put'];
let logMessages: EventsWorld['logMessages'];
let signIn: EventsWorld['signIn'];
let supervisor: EventsWorld['supervisor'];
let employee: EventsWorld['employee'];
let colleague: EventsWorld['colleague'];
let outsider: EventsWorld['outsider'];

beforeAll(async () => {
  ({ ctx, company, otherCompany, cookies, post, put, logMessages, signIn, supervisor, employee, colleague, outsider } = await createEventsWorld());
});
afterAll(() => ctx.close());

describe('PUT /api/events/:id', () => {
  it('edits the fields, keeps the staff when omitted and logs it', async () => {
    const event = await insertTestEvent(ctx.db, { companyId: company.id, start: '2026-12-01T08:00:00Z', end: '2026-12-01T16:00:00Z', assignedTo: [employee.id] });
    const response = await put(`/api/events/${event.id}`, { ...momentary, name: 'Concierto (nuevo)', type: 'momentary' }, cookies.supervisor);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: event.id, name: 'Concierto (nuevo)', date: momentary.date, endDate: momentary.endDate, assignedEmployees: [employee.id] });
    expect(await logMessages(company.id)).toContain('Marta López ha actualizado el evento «Concierto (nuevo)»');
  });

  it('replaces the staff when sent', async () => {
    const event = await insertTestEvent(ctx.db, { companyId: company.id, start: '2026-12-01T08:00:00Z', end: '2026-12-01T16:00:00Z', assignedTo: [employee.id] });
    const response = await put(`/api/events/${event.id}`, { ...momentary, assignedEmployees: [colleague.id] }, cookies.supervisor);
    expect(response.json().assignedEmployees).toEqual([colleague.id]);
  });

  it('validates like creation', async () => {
    const event = await insertTestEvent(ctx.db, { companyId: company.id, start: '2026-12-01T08:00:00Z', end: '2026-12-01T16:00:00Z' });
    const blank = await put(`/api/events/${event.id}`, { ...momentary, location: '' }, cookies.supervisor);
    expect(blank.json().error.message).toBe('Por favor, completa todos los campos del evento.');
    const inverted = await put(`/api/events/${event.id}`, { ...momentary, endDate: '2026-11-28T17:00:00.000Z' }, cookies.supervisor);
    expect(inverted.json().error.message).toBe('La fecha de fin debe ser posterior a la de inicio.');
  });

  it('never changes the type', async () => {
    const event = await insertTestEvent(ctx.db, { companyId: company.id, start: '2026-12-01T08:00:00Z', end: '2026-12-01T16:00:00Z' });
    const response = await put(`/api/events/${event.id}`, { ...momentary, type: 'constant' }, cookies.supervisor);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('El tipo de evento no se puede cambiar.');
  });

  it('keeps a person assigned before they were disabled, but refuses adding a disabled one', async () => {
    const later = await ctx.factories.user({ role: 'Empleado', companyId: company.id, name: 'Eva Tarde' });
    const event = await insertTestEvent(ctx.db, { companyId: company.id, start: '2026-12-01T08:00:00Z', end: '2026-12-01T16:00:00Z', assignedTo: [later.id] });
    await ctx.db.updateTable('users').set({ is_disabled: 1 }).where('id', '=', later.id).execute();
    expect((await put(`/api/events/${event.id}`, { ...momentary, name: 'Renombrado' }, cookies.supervisor)).statusCode).toBe(200);
    const other = await insertTestEvent(ctx.db, { companyId: company.id, start: '2026-12-01T08:00:00Z', end: '2026-12-01T16:00:00Z' });
    expect((await put(`/api/events/${other.id}`, { ...momentary, assignedEmployees: [later.id] }, cookies.supervisor)).statusCode).toBe(422);
  });

  it("answers 404 for another company's event and for an unknown id", async () => {
    const foreign = await insertTestEvent(ctx.db, { companyId: otherCompany.id, start: '2026-12-01T08:00:00Z', end: '2026-12-01T16:00:00Z' });
    for (const id of [foreign.id, 'evt-no-existe']) {
      const response = await put(`/api/events/${id}`, momentary, cookies.supervisor);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'No se pudo encontrar el evento.' });
    }
    const stored = await ctx.db.selectFrom('events').select('name').where('id', '=', foreign.id).executeTakeFirstOrThrow();
    expect(stored.name).toBe(foreign.name);
  });
});

describe('DELETE /api/events/:id', () => {
  it('deletes the event and its assignments and logs it', async () => {
    const event = await insertTestEvent(ctx.db, { companyId: company.id, name: 'Borrable', start: '2026-12-01T08:00:00Z', end: '2026-12-01T16:00:00Z', assignedTo: [employee.id] });
    const response = await ctx.request({ method: 'DELETE', url: `/api/events/${event.id}`, cookie: cookies.supervisor });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await ctx.db.selectFrom('events').select('id').where('id', '=', event.id).execute()).toHaveLength(0);
    expect(await ctx.db.selectFrom('event_assignments').select('user_id').where('event_id', '=', event.id).execute()).toHaveLength(0);
    expect(await logMessages(company.id)).toContain('Marta López ha eliminado el evento «Borrable»');
  });

  it("answers 404 for another company's event and keeps it", async () => {
    const foreign = await insertTestEvent(ctx.db, { companyId: otherCompany.id, start: '2026-12-01T08:00:00Z', end: '2026-12-01T16:00:00Z' });
    expect((await ctx.request({ method: 'DELETE', url: `/api/events/${foreign.id}`, cookie: cookies.supervisor })).statusCode).toBe(404);
    expect(await ctx.db.selectFrom('events').select('id').where('id', '=', foreign.id).execute()).toHaveLength(1);
  });

  it('lets the admin delete in any company', async () => {
    const foreign = await insertTestEvent(ctx.db, { companyId: otherCompany.id, start: '2026-12-01T08:00:00Z', end: '2026-12-01T16:00:00Z' });
    expect((await ctx.request({ method: 'DELETE', url: `/api/events/${foreign.id}`, cookie: cookies.admin })).statusCode).toBe(200);
  });
});

describe('PUT /api/events/:id/assignments', () => {
  it('replaces the assigned list and logs it', async () => {
    const event = await insertTestEvent(ctx.db, { companyId: company.id, name: 'Guardia', start: '2026-12-02T08:00:00Z', end: '2026-12-02T16:00:00Z', assignedTo: [employee.id] });
    const response = await put(`/api/events/${event.id}/assignments`, { assignedEmployees: [colleague.id, supervisor.id, colleague.id] }, cookies.supervisor);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ assignedEmployees: [colleague.id, supervisor.id], assignedEmployeeNames: ['Ana Ruiz', 'Marta López'] });
    expect(await logMessages(company.id)).toContain('Marta López ha actualizado el personal del evento «Guardia»');
  });

  it("answers 422 for another company's employee and 404 for another company's event", async () => {
    const event = await insertTestEvent(ctx.db, { companyId: company.id, start: '2026-12-02T08:00:00Z', end: '2026-12-02T16:00:00Z' });
    const foreignEmployee = await put(`/api/events/${event.id}/assignments`, { assignedEmployees: [outsider.id] }, cookies.supervisor);
    expect(foreignEmployee.statusCode).toBe(422);
    expect(foreignEmployee.json().error.code).toBe('UNPROCESSABLE');
    expect(await ctx.db.selectFrom('event_assignments').select('user_id').where('event_id', '=', event.id).execute()).toHaveLength(0);
    const foreign = await insertTestEvent(ctx.db, { companyId: otherCompany.id, start: '2026-12-02T08:00:00Z', end: '2026-12-02T16:00:00Z' });
    expect((await put(`/api/events/${foreign.id}/assignments`, { assignedEmployees: [] }, cookies.supervisor)).statusCode).toBe(404);
  });

  it('lets the admin assign in any company, within that company only', async () => {
    const foreign = await insertTestEvent(ctx.db, { companyId: otherCompany.id, start: '2026-12-02T08:00:00Z', end: '2026-12-02T16:00:00Z' });
    expect((await put(`/api/events/${foreign.id}/assignments`, { assignedEmployees: [outsider.id] }, cookies.admin)).statusCode).toBe(200);
    expect((await put(`/api/events/${foreign.id}/assignments`, { assignedEmployees: [employee.id] }, cookies.admin)).statusCode).toBe(422);
  });
});

describe('POST /api/events/:id/finish (Finalizar ahora)', () => {
  it("moves an active event's end to the server's now and logs it", async () => {
    const event = await insertTestEvent(ctx.db, { companyId: company.id, name: 'Turno de mañana', start: '2026-11-21T08:00:00Z', end: '2026-11-21T14:00:00Z' });
    ctx.clock.set('2026-11-21T11:30:00.000Z');
    try {
      const response = await post(`/api/events/${event.id}/finish`, {}, cookies.supervisor);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'Finalizado', endDate: '2026-11-21T11:30:00.000Z', finishedEarlyAt: '2026-11-21T11:30:00.000Z' });
      expect(await logMessages(company.id)).toContain('Marta López ha finalizado el evento «Turno de mañana»');
      const again = await post(`/api/events/${event.id}/finish`, {}, cookies.supervisor);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('El evento ya ha finalizado.');
    } finally {
      ctx.clock.set('2026-11-21T10:00:00.000Z');
    }
  });

  it('refuses an event that has not started', async () => {
    const event = await insertTestEvent(ctx.db, { companyId: company.id, start: '2026-12-21T08:00:00Z', end: '2026-12-21T14:00:00Z' });
    const response = await post(`/api/events/${event.id}/finish`, {}, cookies.supervisor);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Solo se puede finalizar un evento que ya ha comenzado.');
  });

  it("answers 404 for another company's event", async () => {
    const foreign = await insertTestEvent(ctx.db, { companyId: otherCompany.id, start: '2026-11-21T08:00:00Z', end: '2026-11-21T14:00:00Z' });
    expect((await post(`/api/events/${foreign.id}/finish`, {}, cookies.supervisor)).statusCode).toBe(404);
  });
});

describe('GET /api/events/assignable-employees', () => {
  it("lists the company's active Empleado and Supervisor users with their categories", async () => {
    const picker = await ctx.factories.company('Selector');
    await ctx.db.insertInto('company_categories').values({ company_id: picker.id, category_id: 'cat-vigilante' }).execute();
    const session = await signIn('Supervisor', picker.id, 'Beatriz Jefa');
    const guard = await ctx.factories.user({ role: 'Empleado', companyId: picker.id, name: 'Carlos Guardia' });
    await ctx.db.insertInto('user_categories').values({ user_id: guard.id, category_id: 'cat-vigilante' }).execute();
    await ctx.factories.user({ role: 'Empleado', companyId: picker.id, name: 'Dora Baja', disabled: true });
    const response = await ctx.request({ method: 'GET', url: '/api/events/assignable-employees', cookie: session.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      employees: [
        { id: session.user.id, name: 'Beatriz Jefa', role: 'Supervisor', categoryIds: [] },
        { id: guard.id, name: 'Carlos Guardia', role: 'Empleado', categoryIds: ['cat-vigilante'] },
      ],
      categories: [{ id: 'cat-vigilante', name: 'Vigilante' }],
    });
  });

  it('needs the company from an admin', async () => {
    const missing = await ctx.request({ method: 'GET', url: '/api/events/assignable-employees', cookie: cookies.admin });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Selecciona la empresa del evento.');
    const response = await ctx.request({ method: 'GET', url: `/api/events/assignable-employees?companyId=${otherCompany.id}`, cookie: cookies.admin });
    expect(response.json().employees.map((user: { id: string }) => user.id)).toEqual(expect.arrayContaining([outsider.id]));
  });
});
