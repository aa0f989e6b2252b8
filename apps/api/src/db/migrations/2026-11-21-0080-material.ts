import { sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('materials')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('materials_company_name_idx').on('materials').columns(['company_id', 'name', 'id']).execute();

  // One row per size of a material; the stock never goes below zero, whatever the callers do.
  await db.schema
    .createTable('material_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('material_id', 'text', (c) => c.notNull().references('materials.id').onDelete('cascade'))
    .addColumn('size', 'text', (c) => c.notNull().check(sql`size in ('Unica', 'Xs', 'S', 'M', 'L', 'XL', 'XXL')`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
    .addUniqueConstraint('material_items_material_size_key', ['material_id', 'size'])
    .execute();

  await db.schema
    .createTable('material_loans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('employee_id', 'text', (c) => c.notNull().references('users.id'))
    // The names as they were when lent: the loan reads the same after a rename or a deletion.
    .addColumn('employee_name', 'text', (c) => c.notNull())
    // No foreign key: the lender may be an administrator, or later leave with their company.
    .addColumn('supervisor_id', 'text', (c) => c.notNull())
    .addColumn('supervisor_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('Pendiente de confirmación', 'Confirmado', 'Denegado', 'Pendiente de devolución', 'Devuelto')`),
    )
    .addColumn('loan_date', 'text', (c) => c.notNull())
    .addColumn('confirmation_date', 'text')
    .addColumn('denial_date', 'text')
    .addColumn('return_request_date', 'text')
    .addColumn('return_date', 'text')
    // The employee's receipt signature: a validated PNG data URL (at most 200 KB of image).
    .addColumn('signature', 'text')
    .execute();
  await db.schema.createIndex('material_loans_company_date_idx').on('material_loans').columns(['company_id', 'loan_date', 'id']).execute();
  await db.schema.createIndex('material_loans_date_idx').on('material_loans').columns(['loan_date', 'id']).execute();
  await db.schema.createIndex('material_loans_employee_idx').on('material_loans').columns(['employee_id', 'status', 'loan_date']).execute();

  // No foreign key to materials: a loan outlives the material it lent (its name is kept).
  await db.schema
    .createTable('material_loan_items')
    .addColumn('loan_id', 'text', (c) => c.notNull().references('material_loans.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('material_id', 'text', (c) => c.notNull())
    .addColumn('material_name', 'text', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addPrimaryKeyConstraint('material_loan_items_pk', ['loan_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('material_loan_items').ifExists().execute();
  await db.schema.dropTable('material_loans').ifExists().execute();
  await db.schema.dropTable('material_items').ifExists().execute();
  await db.schema.dropTable('materials').ifExists().execute();
}
