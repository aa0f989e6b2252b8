import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMaterialWorld, PNG_SIGNATURE, type MaterialWorld } from './material.test-world';

/*
 * Issue 23, item 5: a loan created (confirm receipt) and a return requested reach the employee; a
 * receipt denied reaches the supervisor who lent. Nobody else, nobody of another company; a
 * refused step tells nobody.
 */

let world: MaterialWorld;

/** Every notification row about loans, by recipient: what each person was told. */
async function told(): Promise<Record<string, string[]>> {
  const rows = await world.ctx.db.selectFrom('notifications').select(['user_id', 'kind']).where('kind', 'like', 'loan.%').orderBy('created_at').orderBy('id').execute();
  const byUser: Record<string, string[]> = {};
  for (const row of rows) (byUser[row.user_id] ??= []).push(row.kind);
  return byUser;
}
async function toldBy(change: () => Promise<unknown>): Promise<Record<string, string[]>> {
  const before = await told();
  await change();
  const after = await told();
  const fresh: Record<string, string[]> = {};
  for (const [userId, kinds] of Object.entries(after)) {
    const added = kinds.slice(before[userId]?.length ?? 0);
    if (added.length) fresh[userId] = added;
  }
  return fresh;
}
const bell = async (cookie: string) => (await world.get('/api/notifications', cookie)).json() as { items: { kind: string; title: string; body: string; link: string }[] };

beforeAll(async () => {
  world = await createMaterialWorld();
});
afterAll(() => world.ctx.close());

describe('loan notifications', () => {
  it('created: the employee is asked to confirm receipt, nobody else', async () => {
    const boots = await world.createMaterial('Botas', [{ size: 'M', quantity: 5 }]);
    let loanId = '';
    const fresh = await toldBy(async () => (loanId = (await world.lend(world.employee.id, [{ materialId: boots.id, size: 'M', quantity: 2 }])).id));
    expect(fresh).toEqual({ [world.employee.id]: ['loan.created'] });
    expect((await bell(world.employee.cookie)).items[0]).toMatchObject({
      kind: 'loan.created',
      title: 'Material pendiente de confirmar',
      body: expect.stringMatching(/^Marta López te ha prestado .*Botas.*\. Confirma la recepción con tu firma o deniégala\.$/),
      link: '/dashboard/overview',
    });

    // Confirming tells nobody; the return request tells the employee.
    expect(await toldBy(async () => expect((await world.post(`/api/material-loans/${loanId}/confirm`, world.employee.cookie, { signature: PNG_SIGNATURE })).statusCode).toBe(200))).toEqual({});
    expect(await toldBy(async () => expect((await world.post(`/api/material-loans/${loanId}/return-request`, world.supervisor.cookie)).statusCode).toBe(200))).toEqual({
      [world.employee.id]: ['loan.return-requested'],
    });
    expect((await bell(world.employee.cookie)).items[0]).toMatchObject({ kind: 'loan.return-requested', title: 'Devolución de material solicitada', link: '/dashboard/overview' });
    // A second request is refused (409) and tells nobody.
    expect(await toldBy(async () => expect((await world.post(`/api/material-loans/${loanId}/return-request`, world.supervisor.cookie)).statusCode).toBe(409))).toEqual({});
  });

  it('denied: the supervisor who lent hears it, not the other supervisors, nobody of another company', async () => {
    const vest = await world.createMaterial('Chaleco', [{ size: 'L', quantity: 3 }]);
    const loan = await world.lend(world.colleague.id, [{ materialId: vest.id, size: 'L', quantity: 1 }]);
    const fresh = await toldBy(async () => expect((await world.post(`/api/material-loans/${loan.id}/deny`, world.colleague.cookie, {})).statusCode).toBe(200));
    expect(fresh).toEqual({ [world.supervisor.id]: ['loan.denied'] });
    expect((await bell(world.supervisor.cookie)).items[0]).toMatchObject({
      kind: 'loan.denied',
      title: 'Recepción de material denegada',
      body: expect.stringMatching(/^Ana Ruiz ha denegado la recepción de .*Chaleco/),
      link: '/dashboard/lent-material',
    });
  });

  it('lent by the platform Administrador: the employee hears of it; a denial tells nobody (the Administrador has no notifications)', async () => {
    const gloves = await world.createMaterial('Guantes', [{ size: 'S', quantity: 3 }]);
    let loanId = '';
    expect(await toldBy(async () => (loanId = (await world.lend(world.employee.id, [{ materialId: gloves.id, size: 'S', quantity: 1 }], world.admin.cookie)).id))).toEqual({
      [world.employee.id]: ['loan.created'],
    });
    expect(await toldBy(async () => expect((await world.post(`/api/material-loans/${loanId}/deny`, world.employee.cookie, {})).statusCode).toBe(200))).toEqual({});
    expect(await told()).not.toHaveProperty(world.admin.id);
    expect(await told()).not.toHaveProperty(world.outsider.id);
    expect(await told()).not.toHaveProperty(world.otherSupervisor.id);
  });
});
