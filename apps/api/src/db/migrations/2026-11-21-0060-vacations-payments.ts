import { sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vacation_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('employee_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The supervisor who proposed or answered it; no foreign key so the history survives them.
    .addColumn('supervisor_id', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pendiente', 'confirmado', 'rechazado')`))
    .addColumn('awaiting', 'text', (c) => c.check(sql`awaiting in ('supervisor', 'employee')`))
    .addColumn('signature', 'text')
    .addColumn('processed_at', 'text')
    .addColumn('processed_by', 'text')
    .execute();
  await db.schema.createIndex('vacation_requests_company_idx').on('vacation_requests').columns(['company_id', 'status', 'created_at', 'id']).execute();
  await db.schema.createIndex('vacation_requests_employee_idx').on('vacation_requests').columns(['employee_id', 'created_at']).execute();

  await db.schema
    .createTable('vacation_days')
    .addColumn('request_id', 'text', (c) => c.notNull().references('vacation_requests.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('employee_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('vacation_days_pk', ['request_id', 'day'])
    .execute();
  await db.schema.createIndex('vacation_days_employee_day_idx').on('vacation_days').columns(['company_id', 'employee_id', 'day']).execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'paid')`))
    .addColumn('paid_at', 'text')
    .addColumn('paid_by', 'text')
    // What was paid, frozen at payment time: later records or price changes do not rewrite it.
    .addColumn('minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price_cents', 'integer')
    .addColumn('amount_cents', 'integer')
    .execute();
  // One payment per person and month: two confirmations at once record one.
  await db.schema.createIndex('payments_user_month_idx').on('payments').columns(['user_id', 'month']).unique().execute();
  await db.schema.createIndex('payments_company_month_idx').on('payments').columns(['company_id', 'month']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['payments', 'vacation_days', 'vacation_requests']) await db.schema.dropTable(table).ifExists().execute();
}
