import { describe, expect, it } from 'vitest';
import { lastAction } from '../../test/last-action';
import { useStaffedCompanies } from '../../test/worlds';
import { findUnavailability } from './availability.service';

/* Issue 27 item 5 (decision 044): 'Mi Disponibilidad' and the assignment warning it gives. */

const { ctx, companyA, employee, colleague, supervisor, foreignSupervisor, foreignEmployee, admin } = useStaffedCompanies();

type Req = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
const call = (cookie: string, req: Req) => ctx.request({ ...req, cookie });
const json = async (cookie: string, req: Req, status: number) => {
  const response = await call(cookie, req);
  expect(response.statusCode, `${req.method} ${req.url}: ${response.body}`).toBe(status);
  return response.json();
};
const mark = (cookie: string, payload: object) => call(cookie, { method: 'POST', url: '/api/my-unavailability', payload });
// The clock is Saturday 21 November 2026; Tuesday 1 December 2026 is in winter time (UTC+1).
const everyTuesdayEvening = { kind: 'weekly', weekday: 1, allDay: false, startTime: '18:00', endTime: '23:00', note: 'Clases' };
const tuesdayEvent = { name: 'Concierto', location: 'Estadio', date: '2026-12-01T18:00:00.000Z', endDate: '2026-12-01T21:00:00.000Z' };

describe('Mi Disponibilidad', () => {
  it('lets an employee mark dates and weekly hours, lists them, and logs it', async () => {
    const weekly = await json(employee.cookie, { method: 'POST', url: '/api/my-unavailability', payload: everyTuesdayEvening }, 201);
    expect(weekly).toMatchObject({ userId: employee.id, kind: 'weekly', weekday: 1, startTime: '18:00', endTime: '23:00', startDate: null, note: 'Clases' });
    const dated = await json(employee.cookie, { method: 'POST', url: '/api/my-unavailability', payload: { kind: 'dates', startDate: '2026-12-24', endDate: '2026-12-26', allDay: true } }, 201);
    expect(dated).toMatchObject({ kind: 'dates', startDate: '2026-12-24', endDate: '2026-12-26', startTime: null, endTime: null, weekday: null, note: '' });
    expect(await lastAction(ctx, 'unavailability.create')).toMatchObject({ company_id: companyA.id, message: 'Juan Pérez ha indicado que no está disponible: 24/12/2026 – 26/12/2026, todo el día' });
    const mine = await json(employee.cookie, { method: 'GET', url: '/api/my-unavailability' }, 200);
    expect((mine.items as { id: string }[]).map((item) => item.id).sort()).toEqual([weekly.id, dated.id].sort());
    // A colleague's list is their own.
    expect((await json(colleague.cookie, { method: 'GET', url: '/api/my-unavailability' }, 200)).items).toEqual([]);
    // A supervisor marks their own too (they can be assigned).
    await json(supervisor.cookie, { method: 'POST', url: '/api/my-unavailability', payload: { kind: 'dates', startDate: '2026-12-31', endDate: '2026-12-31', allDay: false, startTime: '20:00', endTime: '02:00' } }, 201);
  });

  it('refuses bad input with a Spanish message and stores nothing', async () => {
    const before = (await json(colleague.cookie, { method: 'GET', url: '/api/my-unavailability' }, 200)).items.length;
    const cases: Array<[object, string]> = [
      [{ kind: 'dates', startDate: '2026-12-10', endDate: '2026-12-09', allDay: true }, 'La fecha de fin no puede ser anterior a la de inicio.'],
      [{ kind: 'dates', startDate: '2026-12-10', endDate: '2028-12-09', allDay: true }, 'El periodo no puede superar 366 días.'],
      [{ kind: 'dates', startDate: '2026-02-30', endDate: '2026-03-01', allDay: true }, 'La fecha debe tener el formato AAAA-MM-DD.'],
      [{ kind: 'weekly', allDay: true }, 'Elige el día de la semana.'],
      [{ kind: 'weekly', weekday: 7, allDay: true }, 'Elige el día de la semana.'],
      [{ kind: 'weekly', weekday: 2, allDay: false, startTime: '25:00', endTime: '10:00' }, 'La hora debe tener el formato HH:MM.'],
      [{ kind: 'weekly', weekday: 2, allDay: false, startTime: '10:00', endTime: '10:00' }, 'La hora de fin debe ser distinta de la de inicio.'],
      [{ kind: 'weekly', weekday: 2, allDay: true, note: 'x'.repeat(201) }, 'La nota no puede superar 200 caracteres.'],
    ];
    for (const [payload, message] of cases) {
      const response = await mark(colleague.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    expect((await json(colleague.cookie, { method: 'GET', url: '/api/my-unavailability' }, 200)).items).toHaveLength(before);
  });

  it('deletes only one\'s own entry; another person\'s or company\'s is not found', async () => {
    const entry = await json(colleague.cookie, { method: 'POST', url: '/api/my-unavailability', payload: { kind: 'weekly', weekday: 5, allDay: true } }, 201);
    for (const other of [employee, supervisor, foreignEmployee, foreignSupervisor]) {
      expect((await call(other.cookie, { method: 'DELETE', url: `/api/my-unavailability/${entry.id}` })).statusCode).toBe(404);
    }
    expect((await call(admin.cookie, { method: 'DELETE', url: `/api/my-unavailability/${entry.id}` })).statusCode).toBe(403);
    await json(colleague.cookie, { method: 'DELETE', url: `/api/my-unavailability/${entry.id}` }, 200);
    expect(await lastAction(ctx, 'unavailability.delete')).toMatchObject({ message: 'Lucía García ha quitado un periodo de no disponibilidad: Cada sábado, todo el día' });
    expect((await call(colleague.cookie, { method: 'DELETE', url: `/api/my-unavailability/${entry.id}` })).statusCode).toBe(404);
  });

  it("shows an employee's unavailability to their company's supervisor and the Administrador only", async () => {
    const seen = await json(supervisor.cookie, { method: 'GET', url: `/api/employees/${employee.id}/unavailability` }, 200);
    expect((seen.items as { kind: string }[]).map((item) => item.kind).sort()).toEqual(['dates', 'weekly']);
    expect((await json(admin.cookie, { method: 'GET', url: `/api/employees/${employee.id}/unavailability` }, 200)).items).toHaveLength(2);
    expect((await call(foreignSupervisor.cookie, { method: 'GET', url: `/api/employees/${employee.id}/unavailability` })).statusCode).toBe(404);
    expect((await call(employee.cookie, { method: 'GET', url: `/api/employees/${employee.id}/unavailability` })).statusCode).toBe(403);
    expect((await call(supervisor.cookie, { method: 'GET', url: `/api/employees/${admin.id}/unavailability` })).statusCode).toBe(404);
    expect((await call(admin.cookie, { method: 'GET', url: '/api/my-unavailability' })).statusCode).toBe(403);
  });
});

describe('Unavailability in an assignment', () => {
  it('warns on an event that overlaps it; the supervisor can assign anyway, and it is logged', async () => {
    const refused = await call(supervisor.cookie, { method: 'POST', url: '/api/events', payload: { ...tuesdayEvent, assignedEmployees: [employee.id] } });
    expect(refused.statusCode).toBe(409);
    const body = refused.json().error;
    expect(body.code).toBe('WORKING_TIME_WARNING');
    expect(body.message).toBe('Juan Pérez no está disponible: Cada martes, 18:00–23:00 (Clases).');
    expect(body.warnings).toEqual([
      { userId: employee.id, userName: 'Juan Pérez', rule: 'unavailable', day: '2026-12-01', excessMinutes: 0, message: 'No está disponible: Cada martes, 18:00–23:00 (Clases)' },
    ]);
    const saved = await json(supervisor.cookie, { method: 'POST', url: '/api/events', payload: { ...tuesdayEvent, assignedEmployees: [employee.id], acknowledgeWarnings: true } }, 201);
    expect(saved.items[0].assignedEmployees).toEqual([employee.id]);
    expect((await lastAction(ctx, 'working-time.warning')).message).toBe(
      'Marta López ha asignado igualmente «Concierto» pese a la falta de disponibilidad: Juan Pérez (01/12/2026): No está disponible: Cada martes, 18:00–23:00 (Clases)',
    );
  });

  it('does not warn before 18:00 or on another day, nor for a colleague', async () => {
    // Tuesday 10:00–17:59 local and Wednesday evening.
    await json(supervisor.cookie, { method: 'POST', url: '/api/events', payload: { ...tuesdayEvent, name: 'Mañana', date: '2026-12-08T09:00:00.000Z', endDate: '2026-12-08T17:00:00.000Z', assignedEmployees: [employee.id] } }, 201);
    await json(supervisor.cookie, { method: 'POST', url: '/api/events', payload: { ...tuesdayEvent, name: 'Miércoles', date: '2026-12-09T18:00:00.000Z', endDate: '2026-12-09T21:00:00.000Z', assignedEmployees: [employee.id] } }, 201);
    await json(supervisor.cookie, { method: 'POST', url: '/api/events', payload: { ...tuesdayEvent, name: 'Compañera', date: '2026-12-15T18:00:00.000Z', endDate: '2026-12-15T21:00:00.000Z', assignedEmployees: [colleague.id] } }, 201);
  });

  it('warns when adding the person to an existing event, and the picker shows it before saving', async () => {
    const created = await json(supervisor.cookie, { method: 'POST', url: '/api/events', payload: { ...tuesdayEvent, name: 'Navidad', date: '2026-12-25T10:00:00.000Z', endDate: '2026-12-25T12:00:00.000Z', assignedEmployees: [] } }, 201);
    const id = created.items[0].id as string;
    const refused = await call(supervisor.cookie, { method: 'PUT', url: `/api/events/${id}/assignments`, payload: { assignedEmployees: [employee.id] } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.warnings[0]).toMatchObject({ rule: 'unavailable', day: '2026-12-25', message: 'No está disponible: 24/12/2026 – 26/12/2026, todo el día' });
    const picker = await json(supervisor.cookie, { method: 'GET', url: `/api/events/assignee-availability?date=2026-12-25T10:00:00.000Z&endDate=2026-12-25T12:00:00.000Z&eventId=${id}` }, 200);
    const mine = (picker.employees as { userId: string; warnings: string[] }[]).find((item) => item.userId === employee.id)!;
    expect(mine.warnings).toEqual(['No está disponible: 24/12/2026 – 26/12/2026, todo el día']);
    await json(supervisor.cookie, { method: 'PUT', url: `/api/events/${id}/assignments`, payload: { assignedEmployees: [employee.id], acknowledgeWarnings: true } }, 200);
  });

  it('answers findUnavailability for the roster and open shifts, in the company only', async () => {
    const slots = await findUnavailability({ db: ctx.db, timeZone: 'Europe/Madrid' }, companyA.id, [employee.id, colleague.id], new Date('2026-11-30T00:00:00Z'), new Date('2026-12-09T00:00:00Z'));
    expect(slots.map((slot) => [slot.userId, slot.start.toISOString(), slot.end.toISOString()])).toEqual([
      [employee.id, '2026-12-01T17:00:00.000Z', '2026-12-01T22:00:00.000Z'],
      [employee.id, '2026-12-08T17:00:00.000Z', '2026-12-08T22:00:00.000Z'],
    ]);
    // The same person asked about in another company has none there.
    expect(await findUnavailability({ db: ctx.db, timeZone: 'Europe/Madrid' }, foreignEmployee.companyId!, [employee.id], new Date('2026-11-30T00:00:00Z'), new Date('2026-12-09T00:00:00Z'))).toEqual([]);
  });
});
