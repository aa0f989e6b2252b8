import { PostgresAdapter, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
// Registro de jornada, parts 4 and 6 (issue 11): working-time rules per company and signed months.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A company without a row follows the Estatuto (9 h a day, 12 h of rest, 80 h of overtime a year).
  // Whole hours: the convenios Jornada's clients follow set whole hours (13 h of rest, 162 h a month).
  await db.schema
    .createTable('working_time_rules')
    .addColumn('company_id', 'text', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('max_daily_hours', 'integer', (c) => c.notNull().defaultTo(9))
    .addColumn('min_rest_hours', 'integer', (c) => c.notNull().defaultTo(12))
    .addColumn('max_yearly_overtime_hours', 'integer', (c) => c.notNull().defaultTo(80))
    .addColumn('max_monthly_hours', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_by_name', 'text')
    .execute();

  // A legal record like time_records (decision 3): no foreign keys, so it outlives the company and
  // the worker. The signature PNG is kept in the row itself (not in `files`, which the company
  // cascade deletes) together with the totals and the SHA-256 of the record as it was signed.
  const bytesType = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('signed_months')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    // 'yyyy-MM' in the company time zone.
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('signature_png', bytesType, (c) => c.notNull())
    .addColumn('signature_sha256', 'text', (c) => c.notNull())
    .addColumn('worked_minutes', 'integer', (c) => c.notNull())
    .addColumn('overtime_minutes', 'integer', (c) => c.notNull())
    .addColumn('year_overtime_minutes', 'integer', (c) => c.notNull())
    .addColumn('rule_breaks', 'integer', (c) => c.notNull())
    // SHA-256 of the month's records at signing: what exactly was signed.
    .addColumn('content_sha256', 'text', (c) => c.notNull())
    // Signing twice is refused by the database too, whatever the number of servers.
    .addUniqueConstraint('signed_months_user_month_key', ['company_id', 'user_id', 'month'])
    .execute();
  await db.schema.createIndex('signed_months_company_month_idx').on('signed_months').columns(['company_id', 'month', 'user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('signed_months').ifExists().execute();
  await db.schema.dropTable('working_time_rules').ifExists().execute();
}
