import type { Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A closed payroll month (issue 26): the sheet as it was when closed, answered instead of the
  // live computation until the month is reopened (which deletes the row).
  await db.schema
    .createTable('payroll_closures')
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text', (c) => c.notNull())
    .addColumn('closed_by', 'text')
    .addColumn('closed_by_name', 'text')
    // JSON text of the PayrollSheet.
    .addColumn('sheet', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('payroll_closures_pk', ['company_id', 'month'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payroll_closures').ifExists().execute();
}
