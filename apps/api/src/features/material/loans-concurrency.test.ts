import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMaterialWorld, PNG_SIGNATURE, type MaterialWorld } from './material.test-world';

/*
 * Stock is never wrong (issue 7): every move of stock is a conditional update inside the loan's
 * transaction. These tests fire requests at once, on SQLite and on PostgreSQL (TEST_DATABASE_URL).
 */

let world: MaterialWorld;

beforeAll(async () => {
  world = await createMaterialWorld();
});
afterAll(() => world.ctx.close());

const loanCount = async (materialId: string) => {
  const rows = await world.ctx.db
    .selectFrom('material_loan_items')
    .innerJoin('material_loans', 'material_loans.id', 'material_loan_items.loan_id')
    .select(['material_loan_items.quantity', 'material_loans.status'])
    .where('material_loan_items.material_id', '=', materialId)
    .execute();
  return { loans: rows.length, units: rows.reduce((total, row) => total + Number(row.quantity), 0) };
};

describe('50 loans at once for the last 10 units of a size', () => {
  it('lends exactly 10, refuses 40 with the stock message, and leaves the stock at 0', async () => {
    const material = await world.createMaterial('Chaleco reflectante', [
      { size: 'M', quantity: 10 },
      { size: 'L', quantity: 7 },
    ]);
    const people = [world.employee.id, world.colleague.id];
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        world.post('/api/material-loans', world.supervisor.cookie, {
          employeeId: people[index % 2],
          items: [{ materialId: material.id, size: 'M', quantity: 1 }],
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json().error).toEqual({ code: 'INSUFFICIENT_STOCK', message: 'No hay suficiente stock para Chaleco reflectante talla M.' });
    }
    expect(await world.stock(material.id, 'M')).toBe(0);
    expect(await world.stock(material.id, 'L')).toBe(7);
    expect(await loanCount(material.id)).toEqual({ loans: 10, units: 10 });
  });
});

describe('loans of two materials taken in opposite orders at once', () => {
  it('all succeed without a deadlock and take exactly their units', async () => {
    const first = await world.createMaterial('Pantalón', [{ size: 'S', quantity: 100 }]);
    const second = await world.createMaterial('Camisa', [{ size: 'XL', quantity: 100 }]);
    const lines = [
      { materialId: first.id, size: 'S', quantity: 2 },
      { materialId: second.id, size: 'XL', quantity: 3 },
    ];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        world.post('/api/material-loans', world.supervisor.cookie, { employeeId: world.employee.id, items: index % 2 ? lines : [...lines].reverse() }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(201));
    expect(await world.stock(first.id, 'S')).toBe(60);
    expect(await world.stock(second.id, 'XL')).toBe(40);
  });
});

describe('one loan answered from several devices at once', () => {
  it('changes state once: one confirmation wins, the denials lose, the stock stays lent', async () => {
    const material = await world.createMaterial('Radio', [{ size: 'Unica', quantity: 5 }]);
    const loan = await world.lend(world.employee.id, [{ materialId: material.id, size: 'Unica', quantity: 2 }]);
    const answers = await Promise.all([
      world.post(`/api/material-loans/${loan.id}/confirm`, world.employee.cookie, { signature: PNG_SIGNATURE }),
      world.post(`/api/material-loans/${loan.id}/deny`, world.employee.cookie, {}),
      world.post(`/api/material-loans/${loan.id}/confirm`, world.employee.cookie, { signature: PNG_SIGNATURE }),
      world.post(`/api/material-loans/${loan.id}/deny`, world.employee.cookie, {}),
    ]);
    const winners = answers.filter((answer) => answer.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(3);
    const final = await world.loanStatus(loan.id);
    expect(final).toBe(winners[0]!.json().status);
    expect(await world.stock(material.id, 'Unica')).toBe(final === 'Denegado' ? 5 : 3);
  });

  it('returns once when the return is confirmed twice at once', async () => {
    const material = await world.createMaterial('Linterna', [{ size: 'Unica', quantity: 4 }]);
    const loan = await world.lend(world.employee.id, [{ materialId: material.id, size: 'Unica', quantity: 4 }]);
    await world.post(`/api/material-loans/${loan.id}/confirm`, world.employee.cookie, { signature: PNG_SIGNATURE });
    await world.post(`/api/material-loans/${loan.id}/return-request`, world.supervisor.cookie, {});
    const answers = await Promise.all([1, 2].map(() => world.post(`/api/material-loans/${loan.id}/return`, world.employee.cookie, {})));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await world.stock(material.id, 'Unica')).toBe(4);
  });
});
