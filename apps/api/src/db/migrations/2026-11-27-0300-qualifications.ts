import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.

/** As packages/shared DEFAULT_QUALIFICATION_TYPES when this landed (a migration never follows later edits). */
const DEFAULT_TYPES = ['TIP de vigilante de seguridad', 'Controlador de acceso', 'Primeros auxilios', 'Carné de conducir'];

export async function up(db: Kysely<unknown>): Promise<void> {
  // Issue 27 item 6, decision 042: a company's list of qualification types.
  await db.schema
    .createTable('qualification_types')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('qualification_types_company_name', ['company_id', 'name'])
    .execute();

  // A person's qualification: a number, optional dates ('YYYY-MM-DD', valid through expires_on
  // inclusive; null never expires) and an optional photo of the document in `files`.
  await db.schema
    .createTable('employee_qualifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type_id', 'text', (c) => c.notNull().references('qualification_types.id'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('issued_on', 'text')
    .addColumn('expires_on', 'text')
    .addColumn('file_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('employee_qualifications_user').on('employee_qualifications').columns(['user_id', 'type_id']).execute();
  await db.schema.createIndex('employee_qualifications_expiry').on('employee_qualifications').columns(['company_id', 'expires_on']).execute();

  // What a category requires in a company (categories are the platform's, types the company's).
  await db.schema
    .createTable('category_qualification_requirements')
    .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('type_id', 'text', (c) => c.notNull().references('qualification_types.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('requires_photo', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('category_qualification_requirements_pk', ['category_id', 'type_id'])
    .execute();

  await db.schema
    .createTable('event_qualification_requirements')
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('type_id', 'text', (c) => c.notNull().references('qualification_types.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('event_qualification_requirements_pk', ['event_id', 'type_id'])
    .execute();

  // One row per reminder sent (qualification, the expiry it was about, 60/30/7): the primary key
  // is what makes each one go out once, also with two servers sweeping at once.
  await db.schema
    .createTable('qualification_reminders')
    .addColumn('qualification_id', 'text', (c) => c.notNull().references('employee_qualifications.id').onDelete('cascade'))
    .addColumn('expires_on', 'text', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('qualification_reminders_pk', ['qualification_id', 'expires_on', 'days'])
    .execute();

  // Warn (the assignment is saved, the answer lists what is missing) or refuse it.
  await db.schema
    .alterTable('company_settings')
    .addColumn('qualification_check', 'text', (c) => c.notNull().defaultTo('warn').check(sql`qualification_check in ('warn', 'refuse')`))
    .execute();

  const companies = await sql<{ id: string }>`select id from companies`.execute(db);
  const now = new Date().toISOString();
  for (const company of companies.rows) {
    for (const name of DEFAULT_TYPES) {
      await sql`insert into qualification_types (id, company_id, name, created_at) values (${`qtyp-${randomUUID()}`}, ${company.id}, ${name}, ${now})`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('company_settings').dropColumn('qualification_check').execute();
  await db.schema.dropTable('qualification_reminders').ifExists().execute();
  await db.schema.dropTable('event_qualification_requirements').ifExists().execute();
  await db.schema.dropTable('category_qualification_requirements').ifExists().execute();
  await db.schema.dropTable('employee_qualifications').ifExists().execute();
  await db.schema.dropTable('qualification_types').ifExists().execute();
}
