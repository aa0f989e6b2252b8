import type { Kysely } from 'kysely';
import { centsToEuros } from '@jornada/shared/format';
import type { Category, RequiredDoc } from '@jornada/shared/schemas/categories';
import type { DB } from '../../db/schema';
import type { CompanyScope } from '../../lib/authorization';

/** Categories are a reference list; the bound only guards against a runaway table. */
const MAX_CATEGORIES = 1000;

type CategoryRow = { id: string; name: string; price_cents: number | null };

/** Documents and companies for a list of categories: two queries, never one per category. */
async function withDetails(db: Kysely<DB>, scope: CompanyScope, categories: CategoryRow[]): Promise<Category[]> {
  if (categories.length === 0) return [];
  const ids = categories.map((category) => category.id);
  const [documents, links] = await Promise.all([
    db
      .selectFrom('category_documents')
      .select(['id', 'category_id', 'name', 'type'])
      .where('category_id', 'in', ids)
      .orderBy('category_id')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('company_categories')
      .select(['category_id', 'company_id'])
      .where('category_id', 'in', ids)
      .$if(scope.kind === 'company', (q) => q.where('company_id', '=', scope.kind === 'company' ? scope.companyId : ''))
      .orderBy('company_id')
      .execute(),
  ]);
  return categories.map((category) => ({
    id: category.id,
    name: category.name,
    price: centsToEuros(category.price_cents),
    requiredDocs: documents
      .filter((doc) => doc.category_id === category.id)
      .map((doc): RequiredDoc => ({ id: doc.id, name: doc.name, type: doc.type })),
    companyIds: links.filter((link) => link.category_id === category.id).map((link) => link.company_id),
  }));
}

/** An administrator sees every category; anyone else the ones assigned to their company. */
export async function listCategories(db: Kysely<DB>, scope: CompanyScope): Promise<Category[]> {
  const categories = await db
    .selectFrom('categories')
    .select(['categories.id', 'categories.name', 'categories.price_cents'])
    .$if(scope.kind === 'company', (q) =>
      q
        .innerJoin('company_categories', 'company_categories.category_id', 'categories.id')
        .where('company_categories.company_id', '=', scope.kind === 'company' ? scope.companyId : ''),
    )
    .orderBy('categories.name')
    .orderBy('categories.id')
    .limit(MAX_CATEGORIES)
    .execute();
  return withDetails(db, scope, categories);
}

export async function findCategory(db: Kysely<DB>, scope: CompanyScope, id: string): Promise<Category | undefined> {
  const category = await db
    .selectFrom('categories')
    .select(['id', 'name', 'price_cents'])
    .where('id', '=', id)
    .$if(scope.kind === 'company', (q) =>
      q.where('id', 'in', db.selectFrom('company_categories').select('category_id').where('company_id', '=', scope.kind === 'company' ? scope.companyId : '')),
    )
    .executeTakeFirst();
  return category && (await withDetails(db, scope, [category]))[0];
}

/** The category ids assigned to a company: the only ones its users may hold. */
export async function findCompanyCategoryIds(db: Kysely<DB>, companyId: string): Promise<string[]> {
  const rows = await db.selectFrom('company_categories').select('category_id').where('company_id', '=', companyId).execute();
  return rows.map((row) => row.category_id);
}

/** The category each of `documentIds` belongs to, for ids that already exist. */
export async function findDocumentOwners(db: Kysely<DB>, documentIds: readonly string[]): Promise<Map<string, string>> {
  if (documentIds.length === 0) return new Map();
  const rows = await db.selectFrom('category_documents').select(['id', 'category_id']).where('id', 'in', [...documentIds]).execute();
  return new Map(rows.map((row) => [row.id, row.category_id]));
}

export async function insertCategory(db: Kysely<DB>, category: { id: string; name: string; priceCents: number | null; createdAt: Date }): Promise<void> {
  await db
    .insertInto('categories')
    .values({ id: category.id, name: category.name, price_cents: category.priceCents, created_at: category.createdAt.toISOString() })
    .execute();
}

export async function updateCategory(db: Kysely<DB>, id: string, changes: { name: string; priceCents: number | null }): Promise<void> {
  await db.updateTable('categories').set({ name: changes.name, price_cents: changes.priceCents }).where('id', '=', id).execute();
}

/** The required documents exactly as given, in order; ids are kept so stored documents stay linked. */
export async function replaceCategoryDocuments(db: Kysely<DB>, categoryId: string, documents: readonly RequiredDoc[]): Promise<void> {
  await db.deleteFrom('category_documents').where('category_id', '=', categoryId).execute();
  if (documents.length === 0) return;
  await db
    .insertInto('category_documents')
    .values(documents.map((doc, position) => ({ id: doc.id, category_id: categoryId, name: doc.name, type: doc.type, position })))
    .execute();
}

/**
 * Replaces the companies a category is assigned to; users of a company that loses it lose it too.
 * Call inside a transaction.
 */
export async function setCategoryCompanies(db: Kysely<DB>, categoryId: string, companyIds: readonly string[]): Promise<void> {
  const keep = [...companyIds];
  await db
    .deleteFrom('company_categories')
    .where('category_id', '=', categoryId)
    .$if(keep.length > 0, (q) => q.where('company_id', 'not in', keep))
    .execute();
  const usersOutside = db
    .selectFrom('users')
    .select('id')
    .$if(keep.length > 0, (q) => q.where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', 'not in', keep)])));
  await db.deleteFrom('user_categories').where('category_id', '=', categoryId).where('user_id', 'in', usersOutside).execute();
  if (keep.length === 0) return;
  const current = await db.selectFrom('company_categories').select('company_id').where('category_id', '=', categoryId).execute();
  const currentIds = new Set(current.map((row) => row.company_id));
  const added = keep.filter((id) => !currentIds.has(id));
  if (added.length > 0) {
    await db.insertInto('company_categories').values(added.map((companyId) => ({ company_id: companyId, category_id: categoryId }))).execute();
  }
}

/** Removes a category from companies and users, with its required documents. Call inside a transaction. */
export async function deleteCategory(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('user_categories').where('category_id', '=', id).execute();
  await db.deleteFrom('company_categories').where('category_id', '=', id).execute();
  await db.deleteFrom('category_documents').where('category_id', '=', id).execute();
  await db.deleteFrom('categories').where('id', '=', id).execute();
}
