import { sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Issue 26, 'Calendario laboral': a company's own holidays (its autonomous community's and its
  // local ones) on top of Spain's national list, which lives in code (packages/shared/src/payroll).
  await db.schema
    .createTable('company_holidays')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    // The local calendar day, 'YYYY-MM-DD': a holiday is a day of the company's calendar, not an instant.
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('autonomico', 'local')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addUniqueConstraint('company_holidays_company_date', ['company_id', 'date'])
    .execute();

  // A national date the company's community moved or replaced (e.g. a Sunday holiday moved to the
  // Monday): it no longer counts for that company. The national list itself is never edited.
  await db.schema
    .createTable('company_holiday_exclusions')
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addPrimaryKeyConstraint('company_holiday_exclusions_pk', ['company_id', 'date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('company_holiday_exclusions').ifExists().execute();
  await db.schema.dropTable('company_holidays').ifExists().execute();
}
