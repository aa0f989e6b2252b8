import type { AddStockRequest, CreateMaterialInput, Material, MaterialList, MaterialListQuery } from '@jornada/shared/schemas/material';
import { materialSizeLabel } from '@jornada/shared/material';
import { duplicateSizeMessage } from '@jornada/shared/schemas/material';
import type { Actor } from '../../lib/authorization';
import { isUniqueViolation } from '../../lib/db-errors';
import type { ServiceDeps } from '../../lib/deps';
import { AppError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { companyFilter, MATERIAL_NOT_FOUND_MESSAGE, requireMaterialManager, resolveCompany } from './material-access';
import * as materials from './material.repository';

const duplicateSize = (size: string) => new AppError(409, 'DUPLICATE_SIZE', duplicateSizeMessage(size));
const units = (quantity: number) => (quantity === 1 ? '1 unidad' : `${quantity} unidades`);

/** Gestionar Material: the scope's materials with their sizes and stock, by name. */
export async function listMaterials(deps: ServiceDeps, actor: Actor, query: MaterialListQuery): Promise<MaterialList> {
  const scope = requireMaterialManager(actor);
  const rows = await materials.listMaterials(deps.db, scope, { companyId: companyFilter(scope, query.companyId), limit: materials.MAX_MATERIALS });
  return { items: rows.slice(0, materials.MAX_MATERIALS), truncated: rows.length > materials.MAX_MATERIALS };
}

async function requireMaterial(deps: ServiceDeps, actor: Actor, id: string): Promise<Material> {
  const material = await materials.findMaterial(deps.db, requireMaterialManager(actor), id);
  if (!material) throw notFound(MATERIAL_NOT_FOUND_MESSAGE);
  return material;
}

/** 'Añadir material': the material, its sizes and the log entry in one transaction. */
export async function createMaterial(deps: ServiceDeps, actor: Actor, input: CreateMaterialInput): Promise<Material> {
  const scope = requireMaterialManager(actor);
  const now = deps.clock();
  const id = newId('mat');
  await deps.db.transaction().execute(async (trx) => {
    const companyId = await resolveCompany(trx, scope, input.companyId);
    const items = input.items.map((item) => ({ id: newId('matitem'), size: item.size, quantity: item.quantity }));
    await materials.insertMaterial(trx, { id, companyId, name: input.name, createdAt: now.toISOString() }, items);
    await appendActorAction(trx, actor, now, { companyId, kind: 'material.create', message: `${actor.name} ha añadido el material «${input.name}»` });
  });
  return requireMaterial(deps, actor, id);
}

/** 'Añadir stock': a size the material does not have yet ('Talla duplicada' otherwise). */
export async function addStock(deps: ServiceDeps, actor: Actor, id: string, input: AddStockRequest): Promise<Material> {
  const material = await requireMaterial(deps, actor, id);
  if (material.items.some((item) => item.size === input.size)) throw duplicateSize(input.size);
  const now = deps.clock();
  try {
    await deps.db.transaction().execute(async (trx) => {
      await materials.insertMaterialItem(trx, { id: newId('matitem'), materialId: id, size: input.size, quantity: input.quantity });
      await appendActorAction(trx, actor, now, {
        companyId: material.companyId,
        kind: 'material.stock',
        message: `${actor.name} ha añadido ${units(input.quantity)} de «${material.name}» talla ${materialSizeLabel(input.size)}`,
      });
    });
  } catch (error) {
    // Two people adding the same size at once: the unique key is the last word.
    if (isUniqueViolation(error)) throw duplicateSize(input.size);
    throw error;
  }
  return requireMaterial(deps, actor, id);
}

/** Editing a size's stock: any whole number from 0 (spec section 5). */
export async function updateStock(deps: ServiceDeps, actor: Actor, id: string, itemId: string, quantity: number): Promise<Material> {
  const material = await requireMaterial(deps, actor, id);
  const item = material.items.find((candidate) => candidate.id === itemId);
  if (!item) throw notFound('No se ha encontrado la talla del material.');
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await materials.setItemQuantity(trx, id, itemId, quantity))) throw notFound('No se ha encontrado la talla del material.');
    await appendActorAction(trx, actor, now, {
      companyId: material.companyId,
      kind: 'material.update',
      message: `${actor.name} ha actualizado el stock de «${material.name}» talla ${materialSizeLabel(item.size)} a ${units(quantity)}`,
    });
  });
  return requireMaterial(deps, actor, id);
}

/** Deletes a material and its stock; loans already made keep their lines (with the material's name). */
export async function deleteMaterial(deps: ServiceDeps, actor: Actor, id: string): Promise<void> {
  const material = await requireMaterial(deps, actor, id);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await materials.deleteMaterial(trx, id);
    await appendActorAction(trx, actor, now, { companyId: material.companyId, kind: 'material.delete', message: `${actor.name} ha eliminado el material «${material.name}»` });
  });
}
