import { sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A legal record (decision 3): no foreign keys, so it outlives the event, the user or the company
  // it names; deleting those archives it (registro-de-jornada issue) instead of cascading.
  await db.schema
    .createTable('time_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text')
    .addColumn('duration', 'integer')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('activo', 'completado')`))
    .addColumn('start_location', 'text')
    .addColumn('end_location', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Decision 2: one active record per user, whatever the number of devices or servers.
  await sql`create unique index time_records_one_active_idx on time_records (user_id) where status = 'activo'`.execute(db);
  await db.schema.createIndex('time_records_user_start_idx').on('time_records').columns(['user_id', 'start_time', 'id']).execute();
  await db.schema.createIndex('time_records_company_start_idx').on('time_records').columns(['company_id', 'start_time', 'id']).execute();
  await db.schema.createIndex('time_records_start_idx').on('time_records').columns(['start_time', 'id']).execute();
  await db.schema.createIndex('time_records_event_idx').on('time_records').columns(['event_id', 'user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('time_records').ifExists().execute();
}
