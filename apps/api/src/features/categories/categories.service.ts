import type { Kysely } from 'kysely';
import { eurosToCents } from '@jornada/shared/format';
import type { Category, CategoryBody, RequiredDoc, RequiredDocInput } from '@jornada/shared/schemas/categories';
import type { DB } from '../../db/schema';
import { requireRole, scopeOf, type Actor } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { notFound, unprocessable } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { findExistingCompanyIds } from '../../db/tenant-lookups';
import * as categories from './categories.repository';

const CATEGORY_NOT_FOUND_MESSAGE = 'Categoría no encontrada.';

/** Administrators see every category; others the ones of their company (the user forms and view-employees need them). */
export async function listCategories(deps: ServiceDeps, actor: Actor): Promise<Category[]> {
  return categories.listCategories(deps.db, scopeOf(actor));
}

async function getCategory(deps: ServiceDeps, actor: Actor, id: string): Promise<Category> {
  const category = await categories.findCategory(deps.db, scopeOf(actor), id);
  if (!category) throw notFound(CATEGORY_NOT_FOUND_MESSAGE);
  return category;
}

/** Companies must exist; a document keeps its id unless it belongs to another category, and a new one gets one. */
async function resolveReferences(db: Kysely<DB>, categoryId: string, input: CategoryBody): Promise<{ companyIds: string[]; documents: RequiredDoc[] }> {
  const companyIds = [...new Set(input.companyIds)];
  const existing = await findExistingCompanyIds(db, companyIds);
  if (existing.length !== companyIds.length) throw unprocessable('Alguna de las empresas indicadas no existe.');
  const givenIds = input.requiredDocs.flatMap((doc) => (doc.id ? [doc.id] : []));
  const owners = await categories.findDocumentOwners(db, givenIds);
  const documents = input.requiredDocs.map((doc: RequiredDocInput): RequiredDoc => {
    const owner = doc.id ? owners.get(doc.id) : undefined;
    if (owner !== undefined && owner !== categoryId) throw unprocessable(`El documento «${doc.name}» pertenece a otra categoría.`);
    return { id: doc.id ?? newId('doc'), name: doc.name, type: doc.type };
  });
  return { companyIds, documents };
}

export async function createCategory(deps: ServiceDeps, actor: Actor, input: CategoryBody): Promise<Category> {
  requireRole(actor, ['Administrador']);
  const id = newId('cat');
  const { companyIds, documents } = await resolveReferences(deps.db, id, input);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await categories.insertCategory(trx, { id, name: input.name, priceCents: eurosToCents(input.price), createdAt: now });
    await categories.replaceCategoryDocuments(trx, id, documents);
    await categories.setCategoryCompanies(trx, id, companyIds);
    await appendActorAction(trx, actor, now, { companyId: null, kind: 'category.create', message: `${actor.name} ha creado la categoría «${input.name}»` });
  });
  return getCategory(deps, actor, id);
}

export async function updateCategory(deps: ServiceDeps, actor: Actor, id: string, input: CategoryBody): Promise<Category> {
  requireRole(actor, ['Administrador']);
  const category = await getCategory(deps, actor, id);
  const { companyIds, documents } = await resolveReferences(deps.db, id, input);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await categories.updateCategory(trx, id, { name: input.name, priceCents: eurosToCents(input.price) });
    await categories.replaceCategoryDocuments(trx, id, documents);
    await categories.setCategoryCompanies(trx, id, companyIds);
    await appendActorAction(trx, actor, now, { companyId: null, kind: 'category.update', message: `${actor.name} ha actualizado la categoría «${category.name}»` });
  });
  return getCategory(deps, actor, id);
}

/** Removed from companies and users too (spec section 6). */
export async function deleteCategory(deps: ServiceDeps, actor: Actor, id: string): Promise<void> {
  requireRole(actor, ['Administrador']);
  const category = await getCategory(deps, actor, id);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await categories.deleteCategory(trx, id);
    await appendActorAction(trx, actor, now, { companyId: null, kind: 'category.delete', message: `${actor.name} ha eliminado la categoría «${category.name}»` });
  });
}

// What other features may use of this feature's storage: they reach it through the service (issue 22).

export { findCompanyCategoryIds } from './categories.repository';
