import { describe, expect, it } from 'vitest';
import { DEFAULT_QUALIFICATION_TYPES } from '@jornada/shared/schemas/qualifications';
import { documentPhotoPng } from '../../ledgers/files/png';
import { lastAction } from '../../test/last-action';
import { multipart } from '../../test/multipart';
import { signInAs } from '../../test/sign-in';
import { useTwoCompaniesWithCategories } from '../../test/worlds';
import { jobHandlers } from '../../jobs/job-handlers';
import { JobRunner } from '../../jobs/job-runner';
import { createMailer } from '../mail/mailer';
import { dueReminder, expirySweepJobId, sendExpiryReminders } from './qualification-reminders';

/* Issue 27 item 6 (decision 042): qualifications that expire, judged on the event's date. */

const { ctx, home, other, homeCategory, admin, supervisor, employee } = useTwoCompaniesWithCategories({ employee: { name: 'Juan Vigilante', inHomeCategory: true } });

type Req = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
const call = (cookie: string, req: Req) => ctx.request({ ...req, cookie });
const json = async (cookie: string, req: Req, status: number) => {
  const response = await call(cookie, req);
  expect(response.statusCode, `${req.method} ${req.url}: ${response.body}`).toBe(status);
  return response.json();
};
const typeId = async (name: string, cookie = supervisor.cookie, companyId?: string) => {
  const list = await json(cookie, { method: 'GET', url: `/api/qualification-types${companyId ? `?companyId=${companyId}` : ''}` }, 200);
  return (list.items as { id: string; name: string }[]).find((type) => type.name === name)!.id;
};
const setCheck = (qualificationCheck: 'warn' | 'refuse') =>
  json(admin.cookie, { method: 'PUT', url: `/api/companies/${home.id}/settings`, payload: { geofenceMode: 'flag', autoClockOut: false, autoClockOutToleranceMin: 30, qualificationCheck } }, 200);
/** Moves the clock (sessions do not survive months): everyone signs in again. */
async function moveTo(instant: string) {
  ctx.clock.set(instant);
  for (const person of [admin, supervisor, employee]) person.cookie = await ctx.login(person.username, person.password);
}
const createEvent = (day: string, extra: object = {}) =>
  call(supervisor.cookie, {
    method: 'POST',
    url: '/api/events',
    payload: { name: `Concierto ${day}`, location: 'Estadio', date: `${day}T09:00:00.000Z`, endDate: `${day}T17:00:00.000Z`, assignedEmployees: [employee.id], ...extra },
  });

describe('Titulaciones', () => {
  it('starts each company with the usual types; supervisors add theirs, in their company only', async () => {
    const list = await json(supervisor.cookie, { method: 'GET', url: '/api/qualification-types' }, 200);
    expect((list.items as { name: string }[]).map((type) => type.name).sort()).toEqual([...DEFAULT_QUALIFICATION_TYPES].sort());
    const added = await json(supervisor.cookie, { method: 'POST', url: '/api/qualification-types', payload: { name: 'Vigilante de explosivos' } }, 201);
    expect(added).toMatchObject({ companyId: home.id, name: 'Vigilante de explosivos', holders: 0 });
    expect(await lastAction(ctx, 'qualification-type.create')).toMatchObject({ company_id: home.id });
    expect((await call(supervisor.cookie, { method: 'POST', url: '/api/qualification-types', payload: { name: 'Vigilante de explosivos' } })).statusCode).toBe(409);
    expect((await call(supervisor.cookie, { method: 'POST', url: '/api/qualification-types', payload: { name: ' ' } })).statusCode).toBe(400);
    expect((await call(supervisor.cookie, { method: 'POST', url: '/api/qualification-types', payload: { name: 'X', companyId: other.id } })).statusCode).toBe(422);
    expect((await call(supervisor.cookie, { method: 'GET', url: `/api/qualification-types?companyId=${other.id}` })).statusCode).toBe(404);
    expect((await call(employee.cookie, { method: 'GET', url: '/api/qualification-types' })).statusCode).toBe(403);
    // Another company's type is not found; an unused own one goes.
    const foreignType = await typeId('Primeros auxilios', admin.cookie, other.id);
    expect((await call(supervisor.cookie, { method: 'DELETE', url: `/api/qualification-types/${foreignType}` })).statusCode).toBe(404);
    await json(supervisor.cookie, { method: 'DELETE', url: `/api/qualification-types/${added.id}` }, 200);
  });

  it('records an employee\'s qualification with its photo; the holder sees it, no one else', async () => {
    const tip = await typeId('TIP de vigilante de seguridad');
    const bad = [
      { typeId: tip, number: '', expiresOn: '2027-03-09' },
      { typeId: tip, number: '123', expiresOn: '09/03/2027' },
      { typeId: tip, number: '123', issuedOn: '2027-04-01', expiresOn: '2027-03-09' },
    ];
    for (const payload of bad) expect((await call(supervisor.cookie, { method: 'POST', url: `/api/employees/${employee.id}/qualifications`, payload })).statusCode).toBe(400);
    const foreignType = await typeId('TIP de vigilante de seguridad', admin.cookie, other.id);
    expect((await call(supervisor.cookie, { method: 'POST', url: `/api/employees/${employee.id}/qualifications`, payload: { typeId: foreignType, number: '1' } })).statusCode).toBe(422);
    expect((await call(employee.cookie, { method: 'POST', url: `/api/employees/${employee.id}/qualifications`, payload: { typeId: tip, number: '1' } })).statusCode).toBe(403);

    const made = await json(supervisor.cookie, { method: 'POST', url: `/api/employees/${employee.id}/qualifications`, payload: { typeId: tip, number: 'TIP-4455', issuedOn: '2022-03-10', expiresOn: '2027-03-09' } }, 201);
    expect(made).toMatchObject({ typeName: 'TIP de vigilante de seguridad', number: 'TIP-4455', expiresOn: '2027-03-09', status: 'vigente', photoUrl: null });
    expect((await lastAction(ctx, 'qualification.add')).message).toContain('Juan Vigilante');

    const form = multipart({}, [{ field: 'file', name: 'tip.png', content: documentPhotoPng(), type: 'image/png' }]);
    const upload = await ctx.request({ method: 'PUT', url: `/api/qualifications/${made.id}/photo`, cookie: supervisor.cookie, payload: form.payload, headers: form.headers });
    expect(upload.statusCode, upload.body).toBe(200);
    const photoUrl = upload.json().photoUrl as string;
    expect(photoUrl).toContain(`/api/qualifications/${made.id}/photo`);
    const text = multipart({}, [{ field: 'file', name: 'tip.png', content: 'not an image', type: 'image/png' }]);
    expect((await ctx.request({ method: 'PUT', url: `/api/qualifications/${made.id}/photo`, cookie: supervisor.cookie, payload: text.payload, headers: text.headers })).statusCode).toBe(415);

    for (const cookie of [supervisor.cookie, employee.cookie, admin.cookie]) expect((await call(cookie, { method: 'GET', url: photoUrl })).statusCode).toBe(200);
    const colleague = await signInAs(ctx, 'Empleado', home.id, { name: 'Otra Persona' });
    const foreignSupervisor = await signInAs(ctx, 'Supervisor', other.id, { name: 'Pedro Sur' });
    for (const cookie of [colleague.cookie, foreignSupervisor.cookie]) expect((await call(cookie, { method: 'GET', url: photoUrl })).statusCode).toBe(404);
    expect((await call(foreignSupervisor.cookie, { method: 'GET', url: `/api/employees/${employee.id}/qualifications` })).statusCode).toBe(404);
    expect((await call(foreignSupervisor.cookie, { method: 'PUT', url: `/api/qualifications/${made.id}`, payload: { typeId: tip, number: 'x' } })).statusCode).toBe(404);
    expect((await call(foreignSupervisor.cookie, { method: 'DELETE', url: `/api/qualifications/${made.id}` })).statusCode).toBe(404);

    const mine = await json(employee.cookie, { method: 'GET', url: '/api/my-qualifications' }, 200);
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({ number: 'TIP-4455', expiresOn: '2027-03-09' });
    expect((await json(colleague.cookie, { method: 'GET', url: '/api/my-qualifications' }, 200)).items).toEqual([]);
    // A type someone holds cannot be deleted.
    expect((await call(supervisor.cookie, { method: 'DELETE', url: `/api/qualification-types/${tip}` })).statusCode).toBe(409);
  });

  it('judges the category\'s and the event\'s requirements on the event\'s date: warn or refuse', async () => {
    const tip = await typeId('TIP de vigilante de seguridad');
    const firstAid = await typeId('Primeros auxilios');
    expect((await call(supervisor.cookie, { method: 'PUT', url: `/api/qualification-requirements/categories/${homeCategory.id}`, payload: { requirements: [{ typeId: 'qtyp-none', requiresPhoto: false }] } })).statusCode).toBe(422);
    const requirements = await json(supervisor.cookie, { method: 'PUT', url: `/api/qualification-requirements/categories/${homeCategory.id}`, payload: { requirements: [{ typeId: tip, requiresPhoto: true }] } }, 200);
    expect(requirements.categories).toEqual([{ categoryId: homeCategory.id, categoryName: homeCategory.name, requirements: [{ typeId: tip, requiresPhoto: true }] }]);

    // The TIP (from the test above) is valid through 2027-03-09.
    await setCheck('warn');
    const onLastDay = await createEvent('2027-03-09');
    expect(onLastDay.statusCode, onLastDay.body).toBe(201);
    expect(onLastDay.json().qualificationWarnings).toBeUndefined();
    const dayAfter = await createEvent('2027-03-10');
    expect(dayAfter.statusCode, dayAfter.body).toBe(201);
    expect(dayAfter.json().qualificationWarnings).toEqual([
      expect.objectContaining({ userId: employee.id, userName: 'Juan Vigilante', typeName: 'TIP de vigilante de seguridad', day: '2027-03-10', reason: 'expired', message: 'La titulación «TIP de vigilante de seguridad» de Juan Vigilante no está vigente el 10/03/2027.' }),
    ]);
    expect((await lastAction(ctx, 'qualification.warning')).message).toContain('Juan Vigilante');

    await setCheck('refuse');
    const refused = await createEvent('2027-03-11');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'QUALIFICATION_MISSING', message: 'No se puede asignar: La titulación «TIP de vigilante de seguridad» de Juan Vigilante no está vigente el 11/03/2027.' });
    // Judged on the event's date, not today's: the same card passes an event before it expires.
    const early = await createEvent('2027-02-01', { requiredQualifications: [firstAid] });
    expect(early.statusCode).toBe(422);
    expect(early.json().error.message).toContain('no tiene la titulación «Primeros auxilios»');
    const unassigned = await createEvent('2027-02-01', { requiredQualifications: [firstAid], assignedEmployees: [] });
    expect(unassigned.statusCode, unassigned.body).toBe(201);
    const eventId = unassigned.json().items[0].id as string;
    expect(await json(supervisor.cookie, { method: 'GET', url: `/api/events/${eventId}/qualification-requirements` }, 200)).toEqual({ typeIds: [firstAid] });
    const assign = (cookie = supervisor.cookie) => call(cookie, { method: 'PUT', url: `/api/events/${eventId}/assignments`, payload: { assignedEmployees: [employee.id] } });
    expect((await assign()).statusCode).toBe(422);
    await json(supervisor.cookie, { method: 'POST', url: `/api/employees/${employee.id}/qualifications`, payload: { typeId: firstAid, number: 'PA-1' } }, 201);
    const ok = await assign();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().assignedEmployees).toEqual([employee.id]);
    // Moving the event past the TIP's expiry checks everyone again.
    const moved = await call(supervisor.cookie, { method: 'PUT', url: `/api/events/${eventId}`, payload: { name: 'Concierto movido', location: 'Estadio', date: '2027-04-01T09:00:00.000Z', endDate: '2027-04-01T17:00:00.000Z' } });
    expect(moved.statusCode).toBe(422);
    await setCheck('warn');
  });

  it("'Caducidades' lists expired and expiring within 60 days, of the supervisor's company", async () => {
    await moveTo('2027-02-01T10:00:00.000Z');
    const licence = await typeId('Carné de conducir');
    await json(supervisor.cookie, { method: 'POST', url: `/api/employees/${employee.id}/qualifications`, payload: { typeId: licence, number: 'B-1', expiresOn: '2027-01-15' } }, 201);
    await json(supervisor.cookie, { method: 'POST', url: `/api/employees/${employee.id}/qualifications`, payload: { typeId: licence, number: 'B-2', expiresOn: '2030-01-15' } }, 201);
    const list = await json(supervisor.cookie, { method: 'GET', url: '/api/qualifications/expiring' }, 200);
    expect((list.items as { number: string; status: string; daysLeft: number; userName: string }[]).map((item) => [item.number, item.status, item.daysLeft, item.userName])).toEqual([
      ['B-1', 'caducada', -17, 'Juan Vigilante'],
      ['TIP-4455', 'caduca-pronto', 36, 'Juan Vigilante'],
    ]);
    expect((await json(admin.cookie, { method: 'GET', url: `/api/qualifications/expiring?companyId=${other.id}` }, 200)).items).toEqual([]);
    expect((await call(employee.cookie, { method: 'GET', url: '/api/qualifications/expiring' })).statusCode).toBe(403);
  });

  it('reminds the holder and the supervisors 60, 30 and 7 days before, each once', async () => {
    expect([61, 60, 45, 30, 8, 7, 0].map(dueReminder)).toEqual([undefined, 60, 60, 30, 30, 7, 7]);
    await moveTo('2027-05-01T08:00:00.000Z');
    const firstAid = await typeId('Primeros auxilios');
    await json(supervisor.cookie, { method: 'POST', url: `/api/employees/${employee.id}/qualifications`, payload: { typeId: firstAid, number: 'PA-2', expiresOn: '2027-08-01' } }, 201);
    const sent = async () =>
      (await ctx.db.selectFrom('notifications').select(['user_id', 'body']).where('kind', '=', 'qualification.expiring').where('body', 'like', '%01/08/2027%').execute()).filter((row) =>
        [employee.id, supervisor.id].includes(row.user_id),
      );
    const at = async (day: string) => sendExpiryReminders(ctx.db, new Date(`${day}T08:00:00.000Z`), 'Europe/Madrid');
    expect(await at('2027-05-01')).toBe(0);
    expect(await at('2027-06-02')).toBe(1);
    expect(await at('2027-06-03')).toBe(0);
    expect(await sent()).toHaveLength(2);
    expect((await sent()).find((row) => row.user_id === employee.id)!.body).toContain('caduca el 01/08/2027 (en 60 días)');
    expect(await at('2027-07-02')).toBe(1);
    expect(await at('2027-07-20')).toBe(0);
    expect(await at('2027-07-25')).toBe(1);
    expect(await at('2027-07-30')).toBe(0);
    expect(await sent()).toHaveLength(6);
  });

  it('runs as an hourly job in the database that schedules the next run', async () => {
    await moveTo('2027-07-31T07:30:00.000Z');
    const runner = new JobRunner({
      db: ctx.db,
      dialect: ctx.database.dialect,
      clock: ctx.clock,
      handlers: jobHandlers({ timeZone: 'Europe/Madrid', mailer: createMailer({ smtpUrl: undefined, from: 'Jornada <no-reply@example.es>' }), publicUrl: 'https://jornada.example.es' }),
    });
    const licence = await typeId('Carné de conducir');
    // Saving a qualification with an expiry schedules the next hour's sweep.
    await json(supervisor.cookie, { method: 'POST', url: `/api/employees/${employee.id}/qualifications`, payload: { typeId: licence, number: 'C-9', expiresOn: '2027-08-05' } }, 201);
    const next = new Date('2027-07-31T08:00:00.000Z');
    expect(await ctx.db.selectFrom('jobs').select('id').where('id', '=', expirySweepJobId(next)).executeTakeFirst()).toBeDefined();
    ctx.clock.set(next);
    while ((await runner.runDue()) > 0);
    const told = await ctx.db.selectFrom('notifications').select('body').where('user_id', '=', employee.id).where('body', 'like', '%05/08/2027 (en 5 días)%').execute();
    expect(told).toHaveLength(1);
    expect(await ctx.db.selectFrom('jobs').select('id').where('id', '=', expirySweepJobId(new Date('2027-07-31T09:00:00.000Z'))).executeTakeFirst()).toBeDefined();
  });
});
