import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export async function findPayRulesRow(db: Kysely<DB>, companyId: string) {
  return db.selectFrom('pay_rules').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

/** The categories a company offers (company_categories), by name. */
export async function listCompanyCategories(db: Kysely<DB>, companyId: string): Promise<Array<{ id: string; name: string; price_cents: number | null }>> {
  return db
    .selectFrom('categories')
    .innerJoin('company_categories', 'company_categories.category_id', 'categories.id')
    .select(['categories.id', 'categories.name', 'categories.price_cents'])
    .where('company_categories.company_id', '=', companyId)
    .orderBy('categories.name')
    .orderBy('categories.id')
    .execute();
}

export interface PayRulesChange {
  companyId: string;
  rules: string;
  at: string;
  actor: { userId: string; name: string };
}

/** Inserts or replaces the company's rules (one row per company). */
export async function upsertPayRules(db: Kysely<DB>, change: PayRulesChange): Promise<void> {
  const values = { rules: change.rules, updated_at: change.at, updated_by: change.actor.userId, updated_by_name: change.actor.name };
  await db
    .insertInto('pay_rules')
    .values({ company_id: change.companyId, ...values })
    .onConflict((conflict) => conflict.column('company_id').doUpdateSet(values))
    .execute();
}
