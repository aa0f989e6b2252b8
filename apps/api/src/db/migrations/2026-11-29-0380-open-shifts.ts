import { sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Issue 27 item 3, decision 051: open places per category on an event. `remaining` is the
  // counter a claim decrements with `WHERE remaining > 0` inside its transaction, so two claims
  // for the last place (on two servers) cannot both take it; the check makes a bug fail loudly.
  await db.schema
    .createTable('event_open_places')
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('places', 'integer', (c) => c.notNull())
    .addColumn('remaining', 'integer', (c) => c.notNull().check(sql`remaining >= 0`))
    .addPrimaryKeyConstraint('event_open_places_pk', ['event_id', 'category_id'])
    .execute();
  await db.schema.createIndex('event_open_places_company').on('event_open_places').columns(['company_id', 'remaining']).execute();
  // One claim per person and event: a second request (or a double click on two servers) is a 409.
  await db.schema
    .createTable('open_shift_claims')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('pending', 'approved', 'rejected')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'text')
    .addUniqueConstraint('open_shift_claims_event_user', ['event_id', 'user_id'])
    .execute();
  await db.schema.createIndex('open_shift_claims_company_state').on('open_shift_claims').columns(['company_id', 'state']).execute();
  await db.schema
    .alterTable('company_settings')
    .addColumn('open_shift_mode', 'text', (c) => c.notNull().defaultTo('first_come').check(sql`open_shift_mode in ('first_come', 'approval')`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('company_settings').dropColumn('open_shift_mode').execute();
  await db.schema.dropTable('open_shift_claims').ifExists().execute();
  await db.schema.dropTable('event_open_places').ifExists().execute();
}
