import { describe, expect, it } from 'vitest';
import { insertTestEvent } from '../../test/factories';
import { signInAs } from '../../test/sign-in';
import { useStaffedCompanies } from '../../test/worlds';

// A 1x1 transparent PNG: what the signature pad exports, in miniature.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const { ctx, companyA, companyB, employee, colleague, supervisor, foreignSupervisor, foreignEmployee, admin } = useStaffedCompanies();

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  ctx.request({ method, url, cookie, ...(payload ? { payload } : {}) });

describe("an employee's own request", () => {
  it('waits for a supervisor, who approves it', async () => {
    const created = await call('POST', '/api/my-vacations', employee.cookie, { dates: ['2026-12-24', '2026-12-23', '2026-12-24'] });
    expect(created.statusCode).toBe(201);
    const request = created.json();
    expect(request).toMatchObject({ employeeId: employee.id, status: 'pendiente', awaiting: 'supervisor', dates: ['2026-12-23', '2026-12-24'] });

    const pending = (await call('GET', '/api/vacations?state=pending', supervisor.cookie)).json();
    expect(pending.items.map((item: { id: string }) => item.id)).toContain(request.id);
    expect((await call('POST', `/api/my-vacations/${request.id}/confirm`, employee.cookie, { signature: PNG })).statusCode).toBe(409);
    expect((await call('POST', `/api/vacations/${request.id}/approve`, employee.cookie)).statusCode).toBe(403);
    expect((await call('POST', `/api/vacations/${request.id}/approve`, foreignSupervisor.cookie)).statusCode).toBe(404);

    const approved = await call('POST', `/api/vacations/${request.id}/approve`, supervisor.cookie);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'confirmado', awaiting: null, supervisorId: supervisor.id });
    expect((await call('POST', `/api/vacations/${request.id}/reject`, supervisor.cookie)).statusCode).toBe(409);
    const mine = (await call('GET', '/api/my-vacations', employee.cookie)).json();
    expect(mine.confirmedDates).toEqual(['2026-12-23', '2026-12-24']);
  });

  it('needs at least one day and a supervisor in the company', async () => {
    const empty = await call('POST', '/api/my-vacations', employee.cookie, { dates: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Fechas no seleccionadas: elige al menos un día.');
    const invalid = await call('POST', '/api/my-vacations', employee.cookie, { dates: ['2026-02-30'] });
    expect(invalid.json().error.message).toBe('La fecha no es válida.');
    const lonely = await ctx.factories.company('Sin supervisor');
    const alone = await signInAs(ctx, 'Empleado', lonely.id);
    const refused = await call('POST', '/api/my-vacations', alone.cookie, { dates: ['2026-12-01'] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('No se ha encontrado un supervisor en tu empresa para enviar la solicitud.');
    expect(await ctx.db.selectFrom('vacation_requests').select('id').where('employee_id', '=', alone.id).execute()).toHaveLength(0);
  });
});

describe("a supervisor's proposal", () => {
  it('waits for the employee, who confirms it with a signature', async () => {
    const created = await call('POST', '/api/vacations', supervisor.cookie, { employeeId: colleague.id, dates: ['2027-01-05'] });
    expect(created.statusCode).toBe(201);
    const request = created.json();
    expect(request).toMatchObject({ awaiting: 'employee', status: 'pendiente', supervisorName: 'Marta López' });
    expect((await call('POST', `/api/vacations/${request.id}/approve`, supervisor.cookie)).statusCode).toBe(409);
    expect((await call('POST', `/api/my-vacations/${request.id}/confirm`, employee.cookie, { signature: PNG })).statusCode).toBe(404);

    const unsigned = await call('POST', `/api/my-vacations/${request.id}/confirm`, colleague.cookie, {});
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().error.message).toBe('Debes proporcionar tu firma para confirmar las vacaciones.');
    const fake = await call('POST', `/api/my-vacations/${request.id}/confirm`, colleague.cookie, { signature: 'data:image/png;base64,aGVsbG8gd29ybGQ=' });
    expect(fake.statusCode).toBe(400);

    const confirmed = await call('POST', `/api/my-vacations/${request.id}/confirm`, colleague.cookie, { signature: PNG });
    expect(confirmed.json()).toMatchObject({ status: 'confirmado', signature: PNG });
  });

  it('can be rejected by the employee without a signature', async () => {
    const request = (await call('POST', '/api/vacations', supervisor.cookie, { employeeId: colleague.id, dates: ['2027-02-01'] })).json();
    const rejected = await call('POST', `/api/my-vacations/${request.id}/reject`, colleague.cookie);
    expect(rejected.json()).toMatchObject({ status: 'rechazado', signature: null });
  });

  it('needs an employee of the same company and at least one day', async () => {
    const missing = await call('POST', '/api/vacations', supervisor.cookie, { dates: ['2027-01-05'] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Faltan datos: elige un empleado y al menos un día.');
    const foreign = await call('POST', '/api/vacations', supervisor.cookie, { employeeId: foreignEmployee.id, dates: ['2027-01-05'] });
    expect(foreign.statusCode).toBe(422);
    const toSupervisor = await call('POST', '/api/vacations', supervisor.cookie, { employeeId: supervisor.id, dates: ['2027-01-05'] });
    expect(toSupervisor.statusCode).toBe(422);
    expect((await call('POST', '/api/vacations', employee.cookie, { employeeId: employee.id, dates: ['2027-01-05'] })).statusCode).toBe(403);
  });
});

describe('history and visibility', () => {
  it('deletes processed requests only, within the company', async () => {
    const pending = (await call('POST', '/api/my-vacations', employee.cookie, { dates: ['2027-03-01'] })).json();
    expect((await call('DELETE', `/api/vacations/${pending.id}`, supervisor.cookie)).statusCode).toBe(409);
    await call('POST', `/api/vacations/${pending.id}/reject`, supervisor.cookie);
    expect((await call('DELETE', `/api/vacations/${pending.id}`, foreignSupervisor.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/vacations/${pending.id}`, supervisor.cookie)).statusCode).toBe(200);
    expect(await ctx.db.selectFrom('vacation_days').select('day').where('request_id', '=', pending.id).execute()).toHaveLength(0);
  });

  it("never shows another company's requests", async () => {
    await call('POST', '/api/vacations', foreignSupervisor.cookie, { employeeId: foreignEmployee.id, dates: ['2027-04-01'] });
    const mine = (await call('GET', '/api/vacations?state=pending', supervisor.cookie)).json();
    expect(mine.items.every((item: { companyId: string }) => item.companyId === companyA.id)).toBe(true);
    const all = (await call('GET', `/api/vacations?state=pending&companyId=${companyB.id}`, admin.cookie)).json();
    expect(all.items.length).toBeGreaterThan(0);
    const employees = (await call('GET', '/api/vacations/employees', supervisor.cookie)).json();
    expect(employees.map((person: { name: string }) => person.name)).toEqual(['Juan Pérez', 'Lucía García']);
    expect((await call('GET', '/api/vacations', employee.cookie)).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: '/api/my-vacations' })).statusCode).toBe(401);
  });
});

describe('effect on event assignment', () => {
  it('refuses assigning an employee on a confirmed vacation day, naming them', async () => {
    // Juan has 23 and 24 December 2026 confirmed (first test).
    const event = await insertTestEvent(ctx.db, { companyId: companyA.id, start: '2026-12-24T08:00:00Z', end: '2026-12-24T14:00:00Z' });
    const refused = await call('PUT' as 'POST', `/api/events/${event.id}/assignments`, supervisor.cookie, { assignedEmployees: [employee.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('No se puede asignar a Juan Pérez. El empleado está de vacaciones en esa fecha.');
    const allowed = await call('PUT' as 'POST', `/api/events/${event.id}/assignments`, supervisor.cookie, { assignedEmployees: [colleague.id] });
    expect(allowed.statusCode).toBe(200);
  });
});
