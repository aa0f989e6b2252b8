import type { Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Issue 26 (decision 041): a company's pay rules, one JSON document validated by the shared
  // payRulesSchema on write and on read. A company without a row has DEFAULT_PAY_RULES.
  // updated_by has no foreign key, like working_time_rules: the name stays when the user goes.
  await db.schema
    .createTable('pay_rules')
    .addColumn('company_id', 'text', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_by_name', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pay_rules').ifExists().execute();
}
