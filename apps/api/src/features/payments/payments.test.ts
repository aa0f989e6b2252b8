import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { signInAs, type SignedInUser } from '../../test/sign-in';

let ctx: TestContext;
let companyA: { id: string };
let companyB: { id: string };
let supervisor: SignedInUser;
let foreignSupervisor: SignedInUser;
let vigilante: SignedInUser;
let sinPrecio: SignedInUser;
let foreignEmployee: SignedInUser;
let admin: SignedInUser;

async function completedRecord(user: SignedInUser, companyId: string, start: string, minutes: number): Promise<string> {
  const id = `tr-${Math.random().toString(36).slice(2)}`;
  await ctx.db
    .insertInto('time_records')
    .values({
      id,
      company_id: companyId,
      user_id: user.id,
      event_id: 'evt-x',
      start_time: start,
      end_time: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
      duration: minutes,
      status: 'completado',
      start_location: null,
      end_location: null,
      created_at: start,
    })
    .execute();
  return id;
}

const list = (cookie: string, query = 'month=2026-10') => ctx.request({ method: 'GET', url: `/api/payments?${query}`, cookie });
const pay = (cookie: string, userId: string, month = '2026-10') => ctx.request({ method: 'POST', url: '/api/payments', cookie, payload: { userId, month } });

beforeAll(async () => {
  ctx = await createTestContext();
  companyA = await ctx.factories.company('Norte');
  companyB = await ctx.factories.company('Sur');
  supervisor = await signInAs(ctx, 'Supervisor', companyA.id);
  foreignSupervisor = await signInAs(ctx, 'Supervisor', companyB.id);
  vigilante = await signInAs(ctx, 'Empleado', companyA.id, { name: 'Ana Vigilante', categoryIds: [] });
  await ctx.db.insertInto('user_categories').values([{ user_id: vigilante.id, category_id: 'cat-vigilante' }, { user_id: vigilante.id, category_id: 'cat-auxiliar' }]).execute();
  sinPrecio = await signInAs(ctx, 'Empleado', companyA.id, { name: 'Bruno Convenio' });
  await ctx.db.insertInto('user_categories').values({ user_id: sinPrecio.id, category_id: 'cat-proteccion-civil' }).execute();
  foreignEmployee = await signInAs(ctx, 'Empleado', companyB.id, { name: 'Marcador Sur' });
  admin = await signInAs(ctx, 'Administrador');
  // October 2026 in Madrid: the first record starts 31 Oct 23:30 UTC, already November there.
  await completedRecord(vigilante, companyA.id, '2026-10-10T08:00:00.000Z', 150);
  await completedRecord(vigilante, companyA.id, '2026-09-30T22:30:00.000Z', 30);
  await completedRecord(vigilante, companyA.id, '2026-10-31T23:30:00.000Z', 600);
  await completedRecord(foreignEmployee, companyB.id, '2026-10-10T08:00:00.000Z', 999);
});
afterAll(() => ctx.close());

describe('GET /api/payments', () => {
  it('lists every Empleado with the month\'s hours in Madrid time, price and amount', async () => {
    const response = await list(supervisor.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ month: '2026-10', companyId: companyA.id, pendingCount: 2, paidCount: 0 });
    expect(body.items).toEqual([
      expect.objectContaining({ name: 'Ana Vigilante', minutes: 180, price: 22.5, amount: 67.5, status: 'pending', paidAt: null, recordMinutes: 180, recordAmount: 67.5, mismatch: false }),
      expect.objectContaining({ name: 'Bruno Convenio', minutes: 0, price: null, amount: null, status: 'pending', recordMinutes: 0, recordAmount: null, mismatch: false }),
    ]);
    expect(response.body).not.toContain('Marcador Sur');
  });

  it('checks the month and the company', async () => {
    expect((await list(supervisor.cookie, 'month=2026-13')).json().error.message).toBe('El mes debe tener el formato aaaa-MM.');
    expect((await list(supervisor.cookie, 'month=2019-12')).statusCode).toBe(400);
    expect((await list(admin.cookie)).json().error.message).toBe('Selecciona una empresa.');
    expect((await list(admin.cookie, `month=2026-10&companyId=${companyB.id}`)).json().items[0].name).toBe('Marcador Sur');
    expect((await list(vigilante.cookie)).statusCode).toBe(403);
  });
});

describe('POST /api/payments', () => {
  it('records the payment once, final, with what was paid frozen', async () => {
    const paid = await pay(supervisor.cookie, vigilante.id);
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ userId: vigilante.id, month: '2026-10', status: 'paid', paidAt: ctx.clock().toISOString() });
    const again = await pay(supervisor.cookie, vigilante.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Este pago ya ha sido registrado.');
    await completedRecord(vigilante, companyA.id, '2026-10-12T08:00:00.000Z', 60);
    const body = (await list(supervisor.cookie)).json();
    expect(body).toMatchObject({ pendingCount: 1, paidCount: 1 });
    // The payment keeps what was paid; the record that arrived later shows as a mismatch.
    expect(body.items[0]).toMatchObject({ minutes: 180, amount: 67.5, status: 'paid', recordMinutes: 240, recordAmount: 90, mismatch: true });
  });

  it('records one payment when two confirmations race', async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, () => pay(supervisor.cookie, sinPrecio.id, '2026-09')));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(7);
    const rows = await ctx.db.selectFrom('payments').select('id').where('user_id', '=', sinPrecio.id).where('month', '=', '2026-09').execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses another company's employee and non-employees", async () => {
    expect((await pay(supervisor.cookie, foreignEmployee.id)).statusCode).toBe(422);
    expect((await pay(foreignSupervisor.cookie, vigilante.id, '2026-08')).statusCode).toBe(422);
    expect((await pay(supervisor.cookie, supervisor.id)).statusCode).toBe(422);
    expect((await pay(vigilante.cookie, vigilante.id, '2026-08')).statusCode).toBe(403);
  });
});

describe('a paid month whose records change afterwards', () => {
  const month = '2026-07';
  const lineOf = async (userId: string) => {
    const body = (await list(supervisor.cookie, `month=${month}`)).json() as { items: Array<{ userId: string }> };
    return body.items.find((item) => item.userId === userId);
  };

  it('keeps the paid figures and reports no mismatch while the records still agree', async () => {
    const worker = await signInAs(ctx, 'Empleado', companyA.id, { name: 'Carmen Pagada', categoryIds: ['cat-vigilante'] });
    await completedRecord(worker, companyA.id, '2026-07-03T06:00:00.000Z', 480);
    expect((await pay(supervisor.cookie, worker.id, month)).statusCode).toBe(201);
    expect(await lineOf(worker.id)).toMatchObject({ status: 'paid', minutes: 480, amount: 180, recordMinutes: 480, recordAmount: 180, mismatch: false });
  });

  it('reports the mismatch, with both figures, after an approved correction changes a record', async () => {
    const worker = await signInAs(ctx, 'Empleado', companyA.id, { name: 'Diego Corregido', categoryIds: ['cat-vigilante'] });
    const recordId = await completedRecord(worker, companyA.id, '2026-07-04T06:00:00.000Z', 480);
    expect((await pay(supervisor.cookie, worker.id, month)).statusCode).toBe(201);

    // The worker stayed an hour longer; the supervisor approves the correction after the payment.
    const proposed = await ctx.request({
      method: 'POST',
      url: `/api/time-records/${recordId}/corrections`,
      cookie: worker.cookie,
      payload: { endTime: '2026-07-04T15:00:00.000Z', reason: 'Me quedé una hora más al cierre' },
    });
    expect(proposed.statusCode).toBe(201);
    const approved = await ctx.request({ method: 'POST', url: `/api/corrections/${proposed.json().id}/approve`, cookie: supervisor.cookie, payload: {} });
    expect(approved.statusCode).toBe(200);

    expect(await lineOf(worker.id)).toMatchObject({ status: 'paid', minutes: 480, amount: 180, recordMinutes: 540, recordAmount: 202.5, mismatch: true });
    // The payment row itself was never rewritten.
    const stored = await ctx.db.selectFrom('payments').select(['minutes', 'amount_cents']).where('user_id', '=', worker.id).where('month', '=', month).executeTakeFirstOrThrow();
    expect({ minutes: Number(stored.minutes), amount: Number(stored.amount_cents) }).toEqual({ minutes: 480, amount: 18000 });
  });
});
