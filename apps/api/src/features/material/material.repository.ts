import type { Kysely } from 'kysely';
import { sortBySize, type MaterialSize } from '@jornada/shared/material';
import type { Material } from '@jornada/shared/schemas/material';
import type { DB } from '../../db/schema';
import type { CompanyScope } from '../../lib/authorization';

/** A company's materials are a short catalogue; this bound keeps one answer small whatever happens. */
export const MAX_MATERIALS = 500;

function scopedMaterials(db: Kysely<DB>, scope: CompanyScope) {
  return db
    .selectFrom('materials')
    .innerJoin('companies', 'companies.id', 'materials.company_id')
    .select(['materials.id', 'materials.name', 'materials.company_id', 'companies.name as company_name', 'materials.created_at'])
    .$if(scope.kind === 'company', (q) => q.where('materials.company_id', '=', scope.kind === 'company' ? scope.companyId : ''));
}

type MaterialRow = Awaited<ReturnType<ReturnType<typeof scopedMaterials>['executeTakeFirstOrThrow']>>;

/** The materials with their sizes: two queries for the whole list, never one per material. */
async function withItems(db: Kysely<DB>, rows: MaterialRow[]): Promise<Material[]> {
  if (rows.length === 0) return [];
  const items = await db
    .selectFrom('material_items')
    .select(['id', 'material_id', 'size', 'quantity'])
    .where('material_id', 'in', rows.map((row) => row.id))
    .execute();
  const byMaterial = new Map<string, Material['items']>();
  for (const item of items) {
    const list = byMaterial.get(item.material_id) ?? [];
    list.push({ id: item.id, size: item.size as MaterialSize, quantity: Number(item.quantity) });
    byMaterial.set(item.material_id, list);
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    companyId: row.company_id,
    companyName: row.company_name,
    items: sortBySize(byMaterial.get(row.id) ?? []),
    createdAt: row.created_at,
  }));
}

/** By name; reads one row past the bound so the caller knows the list was cut. */
export async function listMaterials(db: Kysely<DB>, scope: CompanyScope, options: { companyId?: string; limit: number }): Promise<Material[]> {
  const rows = await scopedMaterials(db, scope)
    .$if(options.companyId !== undefined, (q) => q.where('materials.company_id', '=', options.companyId!))
    .orderBy('materials.name')
    .orderBy('materials.id')
    .limit(options.limit + 1)
    .execute();
  return withItems(db, rows);
}

export async function findMaterial(db: Kysely<DB>, scope: CompanyScope, id: string): Promise<Material | undefined> {
  const row = await scopedMaterials(db, scope).where('materials.id', '=', id).executeTakeFirst();
  return row && (await withItems(db, [row]))[0];
}

/** The materials a loan names, only those of its company (another company's id is simply absent). */
export async function findCompanyMaterials(db: Kysely<DB>, companyId: string, ids: readonly string[]): Promise<Material[]> {
  if (ids.length === 0) return [];
  const rows = await scopedMaterials(db, { kind: 'company', companyId }).where('materials.id', 'in', [...ids]).execute();
  return withItems(db, rows);
}

export async function companyExists(db: Kysely<DB>, companyId: string): Promise<boolean> {
  return (await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst()) !== undefined;
}

export async function anyCompanyExists(db: Kysely<DB>): Promise<boolean> {
  return (await db.selectFrom('companies').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Call inside the creating transaction. */
export async function insertMaterial(
  db: Kysely<DB>,
  material: { id: string; companyId: string; name: string; createdAt: string },
  items: readonly { id: string; size: string; quantity: number }[],
): Promise<void> {
  await db.insertInto('materials').values({ id: material.id, company_id: material.companyId, name: material.name, created_at: material.createdAt }).execute();
  if (items.length > 0) {
    await db
      .insertInto('material_items')
      .values(items.map((item) => ({ id: item.id, material_id: material.id, size: item.size, quantity: item.quantity })))
      .execute();
  }
}

/** A new size of a material; a size it already has violates the (material, size) unique key. */
export async function insertMaterialItem(db: Kysely<DB>, item: { id: string; materialId: string; size: string; quantity: number }): Promise<void> {
  await db.insertInto('material_items').values({ id: item.id, material_id: item.materialId, size: item.size, quantity: item.quantity }).execute();
}

export async function setItemQuantity(db: Kysely<DB>, materialId: string, itemId: string, quantity: number): Promise<boolean> {
  const result = await db.updateTable('material_items').set({ quantity }).where('id', '=', itemId).where('material_id', '=', materialId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the material and its sizes; loans keep their own copy of its name. */
export async function deleteMaterial(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('material_items').where('material_id', '=', id).execute();
  await db.deleteFrom('materials').where('id', '=', id).execute();
}

/**
 * Takes `quantity` units of a size only while that many are there: the condition and the change are
 * one statement, so two loans racing for the last units cannot both win (the loser updates no row).
 */
export async function takeStock(db: Kysely<DB>, demand: { materialId: string; size: string; quantity: number }): Promise<boolean> {
  const result = await db
    .updateTable('material_items')
    .set((eb) => ({ quantity: eb('quantity', '-', demand.quantity) }))
    .where('material_id', '=', demand.materialId)
    .where('size', '=', demand.size)
    .where('quantity', '>=', demand.quantity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Puts lent units back (denied or returned loan). A material deleted meanwhile has nowhere to go back to. */
export async function returnStock(db: Kysely<DB>, demand: { materialId: string; size: string; quantity: number }): Promise<void> {
  await db
    .updateTable('material_items')
    .set((eb) => ({ quantity: eb('quantity', '+', demand.quantity) }))
    .where('material_id', '=', demand.materialId)
    .where('size', '=', demand.size)
    .execute();
}
