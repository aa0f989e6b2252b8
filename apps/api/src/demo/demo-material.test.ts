import { describe, expect, it } from 'vitest';
import { loanStatuses } from '@jornada/shared/material';
import { seedDemo } from './demo';
import { demoNow, useFreshDatabase } from '../test/demo-database';

const now = demoNow;
const database = useFreshDatabase(now);

describe('demo material and loans', () => {
  it('adds materials with stock and a loan in every state, signed once received', async () => {
    await seedDemo(database.db, now);
    const { db } = database;
    const materials = await db.selectFrom('materials').select('id').execute();
    expect(materials.length).toBeGreaterThanOrEqual(5);
    const items = await db.selectFrom('material_items').select('quantity').execute();
    expect(items.every((item) => Number(item.quantity) >= 0)).toBe(true);
    expect(items.some((item) => Number(item.quantity) === 0)).toBe(true);

    const loans = await db
      .selectFrom('material_loans')
      .leftJoin('files', 'files.id', 'material_loans.signature_file_id')
      .select(['material_loans.status', 'material_loans.signature_file_id', 'files.bytes', 'material_loans.confirmation_date', 'material_loans.return_date'])
      .execute();
    expect(new Set(loans.map((loan) => loan.status))).toEqual(new Set(loanStatuses));
    for (const loan of loans) {
      expect(loan.signature_file_id !== null).toBe(loan.confirmation_date !== null);
      if (loan.signature_file_id) expect(Buffer.from(loan.bytes!).subarray(1, 4).toString('latin1')).toBe('PNG');
    }
    expect(loans.find((loan) => loan.status === 'Devuelto')?.return_date).not.toBeNull();
  });
});
