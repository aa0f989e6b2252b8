import type { Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Issue 27 item 5, decision 044: when a person cannot work. 'dates': every day from start_date to
  // end_date ('YYYY-MM-DD', both included), all day or from start_time to end_time ('HH:MM') each
  // day; 'weekly': every `weekday` (Monday=0 … Sunday=6) from start_time to end_time, or all day.
  // An end time not after the start time ends the next day (22:00–06:00). Wall-clock times in the
  // company time zone, so they keep their hours across the DST changes.
  await db.schema
    .createTable('unavailability')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text')
    .addColumn('end_date', 'text')
    .addColumn('weekday', 'integer')
    .addColumn('start_time', 'text')
    .addColumn('end_time', 'text')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('unavailability_company_user').on('unavailability').columns(['company_id', 'user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('unavailability').ifExists().execute();
}
