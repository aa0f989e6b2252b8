import { sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Issue 27 item 2, decision 046: an assignment is 'pending' until the employee accepts or
  // declines it, when the company asks for it. Existing rows, and every assignment made while the
  // setting is off, are 'accepted'. A declined row is kept (who declined and why) but no longer
  // staffs the event. Plain ADD COLUMN: the table keeps its migration-0150 triggers (no rebuild).
  await sql`alter table event_assignments add column state text not null default 'accepted' check (state in ('pending', 'accepted', 'declined'))`.execute(db);
  await sql`alter table event_assignments add column decline_reason text`.execute(db);
  await sql`alter table event_assignments add column decided_at text`.execute(db);
  // The worker's hot reads (overview, clock-in list) now also ask the state: the range index of
  // migration 0150 carries it, so they stay answered from the index alone.
  await db.schema.dropIndex('event_assignments_user_times_idx').ifExists().execute();
  await db.schema.createIndex('event_assignments_user_times_idx').on('event_assignments').columns(['user_id', 'end_time', 'start_time', 'company_id', 'event_id', 'state']).execute();
  await db.schema
    .alterTable('company_settings')
    .addColumn('accept_assignments', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('company_settings').dropColumn('accept_assignments').execute();
  await db.schema.dropIndex('event_assignments_user_times_idx').ifExists().execute();
  await db.schema.createIndex('event_assignments_user_times_idx').on('event_assignments').columns(['user_id', 'end_time', 'start_time', 'company_id', 'event_id']).execute();
  await sql`alter table event_assignments drop column decided_at`.execute(db);
  await sql`alter table event_assignments drop column decline_reason`.execute(db);
  await sql`alter table event_assignments drop column state`.execute(db);
}
