import { sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    // Instants as ISO UTC text (decision 002); status is derived from these and the clock.
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('momentary', 'constant')`))
    // Monday=0 … Sunday=6, comma-separated ('0,2,4'); empty for a momentary event.
    .addColumn('repeat_days', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('finished_early_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    // No foreign key: the creator may later be removed with their company, the event stays readable.
    .addColumn('created_by', 'text')
    .execute();
  await db.schema.createIndex('events_company_start_idx').on('events').columns(['company_id', 'start_time', 'id']).execute();
  await db.schema.createIndex('events_company_end_idx').on('events').columns(['company_id', 'end_time', 'id']).execute();
  await db.schema.createIndex('events_start_idx').on('events').columns(['start_time', 'id']).execute();
  await db.schema.createIndex('events_end_idx').on('events').columns(['end_time', 'id']).execute();

  await db.schema
    .createTable('event_assignments')
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('event_assignments_pk', ['event_id', 'user_id'])
    .execute();
  await db.schema.createIndex('event_assignments_user_idx').on('event_assignments').columns(['user_id', 'event_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('event_assignments').ifExists().execute();
  await db.schema.dropTable('events').ifExists().execute();
}
