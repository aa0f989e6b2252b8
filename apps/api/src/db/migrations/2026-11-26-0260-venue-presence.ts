import { sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Issue 24 (decision 040): how a record was made, sealed with it in the registro chain.
  // flags: comma-separated codes ('sin-conexion', 'fuera-de-zona', 'cierre-automatico'), '' for an
  // ordinary record. presence: JSON evidence per punch (offline times, distance, venue code).
  await db.schema.alterTable('time_records').addColumn('flags', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('time_records').addColumn('presence', 'text').execute();

  // Where the event is (a point and a radius in metres) and whether a clock-in needs the venue code.
  await db.schema.alterTable('events').addColumn('geo_lat', 'real').execute();
  await db.schema.alterTable('events').addColumn('geo_lng', 'real').execute();
  await db.schema.alterTable('events').addColumn('geo_radius_m', 'integer').execute();
  await db.schema.alterTable('events').addColumn('requires_venue_code', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // The HMAC key of the event's rotating venue code, made the first time a supervisor shows it.
  await db.schema.alterTable('events').addColumn('venue_secret', 'text').execute();

  // A company's clocking rules; a company without a row has the defaults.
  await db.schema
    .createTable('company_settings')
    .addColumn('company_id', 'text', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    // 'flag': a punch outside the event's zone is accepted and flagged; 'refuse': it is refused.
    .addColumn('geofence_mode', 'text', (c) => c.notNull().defaultTo('flag').check(sql`geofence_mode in ('flag', 'refuse')`))
    .addColumn('auto_clock_out', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('auto_clock_out_tolerance_min', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // The punches queued on a phone and accepted: the client's id makes a resend answer the same
  // record instead of making a second one.
  await db.schema
    .createTable('offline_punches')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('entrada', 'salida')`))
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('offline_punches_pk', ['user_id', 'client_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('offline_punches').ifExists().execute();
  await db.schema.dropTable('company_settings').ifExists().execute();
  for (const column of ['venue_secret', 'requires_venue_code', 'geo_radius_m', 'geo_lng', 'geo_lat']) await db.schema.alterTable('events').dropColumn(column).execute();
  await db.schema.alterTable('time_records').dropColumn('presence').execute();
  await db.schema.alterTable('time_records').dropColumn('flags').execute();
}
