import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertTestEvent } from '../../test/factories';
import { signInAs, type SignedInUser } from '../../test/sign-in';
import { signaturePng } from '../../ledgers/files/png';

/*
 * Issue 23, item 5: a correction proposed, approved or rejected reaches the other side. The
 * worker's proposals reach the company's supervisors (who decide them); the company's proposals
 * reach the worker; the decision reaches the proposer. Nobody else, nobody of another company.
 */

let ctx: TestContext;
let employee: SignedInUser;
let coworker: SignedInUser;
let supervisor: SignedInUser;
let secondSupervisor: SignedInUser;
let foreignSupervisor: SignedInUser;
let foreignEmployee: SignedInUser;
let admin: SignedInUser;
const here = { lat: 40.4, lng: -3.7, accuracy: 8 };
const MIN = 60_000;
const signature = `data:image/png;base64,${signaturePng().toString('base64')}`;

beforeAll(async () => {
  ctx = await createTestContext();
  const home = await ctx.factories.company('Correcciones Norte');
  const away = await ctx.factories.company('Correcciones Sur');
  employee = await signInAs(ctx, 'Empleado', home.id, { name: 'Juan Pérez' });
  coworker = await signInAs(ctx, 'Empleado', home.id, { name: 'Lucía García' });
  supervisor = await signInAs(ctx, 'Supervisor', home.id, { name: 'Marta López' });
  secondSupervisor = await signInAs(ctx, 'Supervisor', home.id, { name: 'Pablo Gil' });
  foreignSupervisor = await signInAs(ctx, 'Supervisor', away.id);
  foreignEmployee = await signInAs(ctx, 'Empleado', away.id);
  admin = await signInAs(ctx, 'Administrador', null, { name: 'Ana Admin' });
});
afterAll(() => ctx.close());

const post = async (cookie: string, url: string, payload: object, status: number) => {
  const response = await ctx.request({ method: 'POST', url: `/api${url}`, cookie, payload });
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as { id: string };
};

/** What a change told whom (correction kinds only), by recipient. */
async function toldBy(change: () => Promise<unknown>): Promise<Record<string, string[]>> {
  const since = await ctx.db.selectFrom('notifications').select('id').where('kind', 'like', 'correction.%').execute();
  const known = new Set(since.map((row) => row.id));
  await change();
  const rows = await ctx.db.selectFrom('notifications').select(['id', 'user_id', 'kind']).where('kind', 'like', 'correction.%').orderBy('created_at').orderBy('id').execute();
  const fresh: Record<string, string[]> = {};
  for (const row of rows) if (!known.has(row.id)) (fresh[row.user_id] ??= []).push(row.kind);
  return fresh;
}
const latest = (userId: string) =>
  ctx.db.selectFrom('notifications').select(['kind', 'title', 'body', 'link']).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();

/** A completed record of the employee: 60 minutes, ended at the clock's now. */
async function completedRecord() {
  const now = ctx.clock().getTime();
  const event = await insertTestEvent(ctx.db, { companyId: employee.companyId!, start: new Date(now - 120 * MIN).toISOString(), end: new Date(now + 240 * MIN).toISOString(), assignedTo: [employee.id] });
  const started = await post(employee.cookie, '/time-records/start', { eventId: event.id, location: here }, 201);
  ctx.clock.advance(60 * MIN);
  await post(employee.cookie, `/time-records/${started.id}/stop`, { location: here }, 200);
  ctx.clock.advance(MIN);
  return { id: started.id, eventId: event.id, start: new Date(now).toISOString() };
}
const earlier = (iso: string) => new Date(Date.parse(iso) - 15 * MIN).toISOString();

describe('correction notifications reach the other side', () => {
  it("the worker's proposal: the company's supervisors; the approval: the worker", async () => {
    const record = await completedRecord();
    let id = '';
    expect(await toldBy(async () => (id = (await post(employee.cookie, `/time-records/${record.id}/corrections`, { startTime: earlier(record.start), reason: 'Entré antes sin cobertura' }, 201)).id))).toEqual({
      [supervisor.id]: ['correction.proposed'],
      [secondSupervisor.id]: ['correction.proposed'],
    });
    expect(await latest(supervisor.id)).toEqual({
      kind: 'correction.proposed',
      title: 'Corrección de fichaje propuesta',
      body: expect.stringMatching(/^Juan Pérez propone corregir un fichaje \(\d\d\/\d\d\/\d{4} \d\d:\d\d – \d\d\/\d\d\/\d{4} \d\d:\d\d\)\. Apruébala o recházala\.$/),
      link: '/dashboard/corrections',
    });
    expect(await toldBy(() => post(supervisor.cookie, `/corrections/${id}/approve`, {}, 200))).toEqual({ [employee.id]: ['correction.approved'] });
    expect(await latest(employee.id)).toMatchObject({ kind: 'correction.approved', title: 'Corrección aprobada', body: expect.stringContaining('Marta López ha aprobado'), link: '/dashboard/corrections?estado=decididas' });
  });

  it("the company's proposal: the worker; the rejection: the supervisor who proposed, not the others", async () => {
    const record = await completedRecord();
    let id = '';
    expect(await toldBy(async () => (id = (await post(supervisor.cookie, `/time-records/${record.id}/corrections`, { startTime: earlier(record.start), reason: 'Según el parte del cliente' }, 201)).id))).toEqual({
      [employee.id]: ['correction.proposed'],
    });
    expect(await toldBy(() => post(employee.cookie, `/corrections/${id}/reject`, { note: 'Llegué a mi hora' }, 200))).toEqual({ [supervisor.id]: ['correction.rejected'] });
    expect(await latest(supervisor.id)).toMatchObject({ kind: 'correction.rejected', title: 'Corrección rechazada', body: expect.stringContaining('Juan Pérez ha rechazado') });
  });

  it("the Administrador's proposal: the worker; the worker's signed approval reaches the company's supervisors", async () => {
    const record = await completedRecord();
    let id = '';
    expect(await toldBy(async () => (id = (await post(admin.cookie, `/time-records/${record.id}/corrections`, { startTime: earlier(record.start), reason: 'Ajuste acordado con la empresa' }, 201)).id))).toEqual({
      [employee.id]: ['correction.proposed'],
    });
    expect(await toldBy(() => post(employee.cookie, `/corrections/${id}/approve`, { signature }, 200))).toEqual({
      [supervisor.id]: ['correction.approved'],
      [secondSupervisor.id]: ['correction.approved'],
    });
  });

  it("a missing record ('Alta de fichaje') proposed by the worker reaches the supervisors; a refused proposal tells nobody", async () => {
    const now = ctx.clock().getTime();
    const event = await insertTestEvent(ctx.db, { companyId: employee.companyId!, start: new Date(now - 300 * MIN).toISOString(), end: new Date(now - 200 * MIN).toISOString(), assignedTo: [employee.id] });
    const payload = { eventId: event.id, startTime: new Date(now - 300 * MIN).toISOString(), endTime: new Date(now - 210 * MIN).toISOString(), reason: 'Olvidé fichar en la entrada' };
    expect(await toldBy(() => post(employee.cookie, '/corrections/missing-records', payload, 201))).toEqual({
      [supervisor.id]: ['correction.proposed'],
      [secondSupervisor.id]: ['correction.proposed'],
    });
    expect(await latest(secondSupervisor.id)).toMatchObject({ title: 'Alta de fichaje propuesta', body: expect.stringContaining('Juan Pérez propone dar de alta un fichaje olvidado') });
    // The same again overlaps the pending one: refused (409), nobody told.
    expect(await toldBy(() => post(employee.cookie, '/corrections/missing-records', payload, 409))).toEqual({});
  });

  it('nobody of another company and no bystander ever heard of any of it', async () => {
    const rows = await ctx.db.selectFrom('notifications').select('user_id').where('kind', 'like', 'correction.%').execute();
    const recipients = new Set(rows.map((row) => row.user_id));
    for (const outsider of [coworker, foreignSupervisor, foreignEmployee, admin]) expect(recipients.has(outsider.id)).toBe(false);
  });
});
