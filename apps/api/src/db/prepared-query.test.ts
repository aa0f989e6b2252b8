import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { Database } from './database';
import { prepareDatabase } from './prepare';
import { preparedQuery } from './prepared-query';

const categoryByName = preparedQuery<{ name: string }>()((db, param) =>
  db.selectFrom('categories').select(['id', 'name', 'price_cents']).where('name', '=', param('name')).limit(1),
);
const renameCategory = preparedQuery<{ id: string; name: string }>()((db, param) =>
  db.updateTable('categories').set({ name: param('name') }).where('id', '=', param('id')),
);
// A constant between parameters keeps its place.
const namesLike = preparedQuery<{ first: string; last: string }>()((db, param) =>
  db.selectFrom('categories').select('name').where((eb) => eb.or([eb('name', '=', param('first')), eb('name', '=', 'Auxiliar'), eb('name', '=', param('last'))])).orderBy('name'),
);

describe('preparedQuery', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await prepareDatabase(database.db, new Date('2026-11-21T10:00:00Z'));
  });
  afterAll(() => database.destroy());

  it('reads with each call’s values, like the builder', async () => {
    const vigilante = await categoryByName.takeFirst(database.db, { name: 'Vigilante' });
    expect(vigilante).toMatchObject({ name: 'Vigilante' });
    expect(Number(vigilante!.price_cents)).toBe(2250);
    expect(await categoryByName.takeFirst(database.db, { name: 'Auxiliar' })).toMatchObject({ name: 'Auxiliar' });
    expect(await categoryByName.takeFirst(database.db, { name: 'Nadie' })).toBeUndefined();
  });

  it('keeps constants in place between parameters', async () => {
    const rows = await namesLike.execute(database.db, { first: 'Vigilante', last: 'Protección Civil' });
    expect(rows.map((row) => row.name)).toEqual(['Auxiliar', 'Protección Civil', 'Vigilante']);
  });

  it('writes inside a transaction and rolls back with it', async () => {
    const vigilante = (await categoryByName.takeFirst(database.db, { name: 'Vigilante' }))!;
    await expect(
      database.db.transaction().execute(async (trx) => {
        const result = await renameCategory.run(trx, { id: vigilante.id, name: 'Vigilante renombrado' });
        expect(Number(result.numAffectedRows)).toBe(1);
        expect(await categoryByName.takeFirst(trx, { name: 'Vigilante renombrado' })).toMatchObject({ id: vigilante.id });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await categoryByName.takeFirst(database.db, { name: 'Vigilante' })).toMatchObject({ id: vigilante.id });
  });
});
