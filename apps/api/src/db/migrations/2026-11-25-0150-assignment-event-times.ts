import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A worker's overview asks 'my events', 'my events under way now' and 'the shifts I can clock in
  // to' on every visit. Answered from events, each question read every assigned event (a year of
  // daily shifts: 365 lookups, ~0.1 ms each question). Each assignment now carries its event's
  // company and times, kept equal by the database itself (triggers, whoever writes), and one
  // index answers all three from a range.
  await sql`alter table event_assignments add column company_id text`.execute(db);
  await sql`alter table event_assignments add column start_time text`.execute(db);
  await sql`alter table event_assignments add column end_time text`.execute(db);
  await sql`
    update event_assignments set (company_id, start_time, end_time) =
      (select events.company_id, events.start_time, events.end_time from events where events.id = event_assignments.event_id)
  `.execute(db);
  await db.schema.createIndex('event_assignments_user_times_idx').on('event_assignments').columns(['user_id', 'end_time', 'start_time', 'company_id', 'event_id']).execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function event_assignments_copy_event() returns trigger language plpgsql as $$
      begin
        select company_id, start_time, end_time into new.company_id, new.start_time, new.end_time from events where id = new.event_id;
        return new;
      end $$
    `.execute(db);
    await sql`
      create trigger event_assignments_copy_event before insert on event_assignments
      for each row execute function event_assignments_copy_event()
    `.execute(db);
    await sql`
      create function events_times_to_assignments() returns trigger language plpgsql as $$
      begin
        update event_assignments set start_time = new.start_time, end_time = new.end_time where event_id = new.id;
        return null;
      end $$
    `.execute(db);
    await sql`
      create trigger events_times_to_assignments after update of start_time, end_time on events
      for each row when (old.start_time is distinct from new.start_time or old.end_time is distinct from new.end_time)
      execute function events_times_to_assignments()
    `.execute(db);
    return;
  }
  // SQLite cannot change NEW in a BEFORE trigger: the row is completed right after it is written.
  await sql`
    create trigger event_assignments_copy_event after insert on event_assignments
    begin
      update event_assignments set (company_id, start_time, end_time) =
        (select events.company_id, events.start_time, events.end_time from events where events.id = new.event_id)
      where event_id = new.event_id and user_id = new.user_id;
    end
  `.execute(db);
  await sql`
    create trigger events_times_to_assignments after update of start_time, end_time on events
    when old.start_time is not new.start_time or old.end_time is not new.end_time
    begin
      update event_assignments set start_time = new.start_time, end_time = new.end_time where event_id = new.id;
    end
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists events_times_to_assignments on events`.execute(db);
    await sql`drop trigger if exists event_assignments_copy_event on event_assignments`.execute(db);
    await sql`drop function if exists events_times_to_assignments()`.execute(db);
    await sql`drop function if exists event_assignments_copy_event()`.execute(db);
  } else {
    await sql`drop trigger if exists events_times_to_assignments`.execute(db);
    await sql`drop trigger if exists event_assignments_copy_event`.execute(db);
  }
  await db.schema.dropIndex('event_assignments_user_times_idx').ifExists().execute();
  await sql`alter table event_assignments drop column end_time`.execute(db);
  await sql`alter table event_assignments drop column start_time`.execute(db);
  await sql`alter table event_assignments drop column company_id`.execute(db);
}
