import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loanStatuses } from '@jornada/shared/material';
import type { Database } from './database';
import { prepareDatabase } from './prepare';
import { seedDemo } from './demo';
import { createTestDatabase } from '../test/test-database';

let database: Database;
const now = new Date('2026-11-21T10:20:00Z');

beforeEach(async () => {
  database = await createTestDatabase();
  await prepareDatabase(database.db, now);
});
afterEach(() => database.destroy());

describe('demo material and loans', () => {
  it('adds materials with stock and a loan in every state, signed once received', async () => {
    await seedDemo(database.db, now);
    const { db } = database;
    const materials = await db.selectFrom('materials').select('id').execute();
    expect(materials.length).toBeGreaterThanOrEqual(5);
    const items = await db.selectFrom('material_items').select('quantity').execute();
    expect(items.every((item) => Number(item.quantity) >= 0)).toBe(true);
    expect(items.some((item) => Number(item.quantity) === 0)).toBe(true);

    const loans = await db.selectFrom('material_loans').select(['status', 'signature', 'confirmation_date', 'return_date']).execute();
    expect(new Set(loans.map((loan) => loan.status))).toEqual(new Set(loanStatuses));
    for (const loan of loans) {
      expect(loan.signature !== null).toBe(loan.confirmation_date !== null);
      if (loan.signature) expect(Buffer.from(loan.signature.split(',')[1]!, 'base64').subarray(1, 4).toString('latin1')).toBe('PNG');
    }
    expect(loans.find((loan) => loan.status === 'Devuelto')?.return_date).not.toBeNull();
  });
});
