import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
// Issue 25, item 9: a month changed by a correction after it was signed is signed again; the new
// signature is a new row (version 2, 3…) and the first one stays. The unique key becomes
// (company, user, month, version). SQLite cannot drop a table constraint, so the table is rebuilt
// (the same way on both engines: one code path to trust).
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytesType = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('signed_months_v2')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('signature_png', bytesType, (c) => c.notNull())
    .addColumn('signature_sha256', 'text', (c) => c.notNull())
    .addColumn('worked_minutes', 'integer', (c) => c.notNull())
    .addColumn('overtime_minutes', 'integer', (c) => c.notNull())
    .addColumn('year_overtime_minutes', 'integer', (c) => c.notNull())
    .addColumn('rule_breaks', 'integer', (c) => c.notNull())
    .addColumn('content_sha256', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    // Two devices signing the same version at once: the database refuses the second.
    .addUniqueConstraint('signed_months_user_month_version_key', ['company_id', 'user_id', 'month', 'version'])
    .execute();
  await sql`insert into signed_months_v2 (id, company_id, user_id, month, signed_at, user_name, signature_png, signature_sha256, worked_minutes, overtime_minutes, year_overtime_minutes, rule_breaks, content_sha256, version)
    select id, company_id, user_id, month, signed_at, user_name, signature_png, signature_sha256, worked_minutes, overtime_minutes, year_overtime_minutes, rule_breaks, content_sha256, 1 from signed_months`.execute(db);
  await db.schema.dropTable('signed_months').execute();
  await sql`alter table signed_months_v2 rename to signed_months`.execute(db);
  await db.schema.createIndex('signed_months_company_month_idx').on('signed_months').columns(['company_id', 'month', 'user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Only the latest signature of each month fits the old one-per-month key.
  await sql`delete from signed_months where version < (select max(s.version) from signed_months s where s.company_id = signed_months.company_id and s.user_id = signed_months.user_id and s.month = signed_months.month)`.execute(db);
  await db.schema.dropIndex('signed_months_company_month_idx').execute();
  await db.schema.alterTable('signed_months').dropColumn('version').execute();
}
