import { sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
// Registro de jornada, part 1-3 (issue 11): corrections through amendments, and the per-company
// hash chain that makes the record tamper-evident (decision record "registro-corrections").
export async function up(db: Kysely<unknown>): Promise<void> {
  // 1 once an approved amendment changed the record; `hash` is the record's latest chain hash.
  await db.schema.alterTable('time_records').addColumn('corrected', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('time_records').addColumn('hash', 'text').execute();

  // A legal record like time_records (decision 3): no foreign keys, so it outlives the company,
  // the users and the event it names.
  await db.schema
    .createTable('time_record_amendments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull())
    // Null only for a proposal that creates a missing record (not offered yet by the API).
    .addColumn('record_id', 'text')
    // The worker whose record it is.
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('proposed_by', 'text', (c) => c.notNull())
    .addColumn('proposer_side', 'text', (c) => c.notNull().check(sql`proposer_side in ('empleado', 'empresa')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pendiente', 'aprobada', 'rechazada', 'retirada')`))
    .addColumn('reason', 'text', (c) => c.notNull())
    // The record's values when proposed (null for a missing record / an open record's end).
    .addColumn('before_start', 'text')
    .addColumn('before_end', 'text')
    .addColumn('after_start', 'text', (c) => c.notNull())
    .addColumn('after_end', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decision_note', 'text')
    // The employee's approval signature, a PNG in `files` (like Mi Firma).
    .addColumn('signature_file_id', 'text')
    .addColumn('hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // One pending amendment per record, whatever the number of servers.
  await sql`create unique index time_record_amendments_one_pending_idx on time_record_amendments (record_id) where status = 'pendiente'`.execute(db);
  await db.schema.createIndex('time_record_amendments_record_idx').on('time_record_amendments').columns(['record_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('time_record_amendments_company_idx')
    .on('time_record_amendments')
    .columns(['company_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('time_record_amendments_user_idx')
    .on('time_record_amendments')
    .columns(['user_id', 'status', 'created_at', 'id'])
    .execute();

  // The append-only ledger: one entry per write of a time record or an amendment, chained per
  // company. Only ids and hashes (no personal data), so it survives the 4-year purge of the rows;
  // purged subjects are then verified by linkage only (purged_at set).
  await db.schema
    .createTable('registro_chain')
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('fichaje', 'correccion')`))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('payload_hash', 'text', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('purged_at', 'text')
    .addPrimaryKeyConstraint('registro_chain_pk', ['company_id', 'seq'])
    .execute();
  await db.schema.createIndex('registro_chain_subject_idx').on('registro_chain').columns(['company_id', 'subject_id', 'seq']).execute();

  // The head of each company's chain: the row appenders lock (update … returning) so two servers
  // on one PostgreSQL append in turn.
  await db.schema
    .createTable('registro_chain_heads')
    .addColumn('company_id', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('registro_chain_heads').ifExists().execute();
  await db.schema.dropTable('registro_chain').ifExists().execute();
  await db.schema.dropTable('time_record_amendments').ifExists().execute();
  await db.schema.alterTable('time_records').dropColumn('hash').execute();
  await db.schema.alterTable('time_records').dropColumn('corrected').execute();
}
