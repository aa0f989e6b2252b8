import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
// The keyed registro chain (docs/decisions/030): every entry says how it was sealed (version 1 =
// plain SHA-256, the entries written so far, which keep their meaning; version 2 = HMAC-SHA256 under
// the key kept outside the database, named by key_id), a third kind of entry ('clave': the key's
// introduction and its rotations), the key the next entry of a company must use on its head, and
// the heads printed on documents (anchors) so a chain rolled back to an older head is reported.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table registro_chain drop constraint if exists registro_chain_kind_check`.execute(db);
    await sql`alter table registro_chain add constraint registro_chain_kind_check check (kind in ('fichaje', 'correccion', 'clave'))`.execute(db);
    await sql`alter table registro_chain add column version integer not null default 1`.execute(db);
    await sql`alter table registro_chain add column key_id text`.execute(db);
  } else {
    // SQLite cannot change a check constraint: the table is rebuilt, rows copied as they are.
    await sql`
      create table registro_chain_v2 (
        company_id text not null,
        seq integer not null,
        kind text not null check (kind in ('fichaje', 'correccion', 'clave')),
        action text not null,
        subject_id text not null,
        payload_hash text not null,
        prev_hash text not null,
        hash text not null,
        created_at text not null,
        purged_at text,
        version integer not null default 1,
        key_id text,
        constraint registro_chain_pk primary key (company_id, seq)
      )
    `.execute(db);
    await sql`
      insert into registro_chain_v2 (company_id, seq, kind, action, subject_id, payload_hash, prev_hash, hash, created_at, purged_at, version, key_id)
      select company_id, seq, kind, action, subject_id, payload_hash, prev_hash, hash, created_at, purged_at, 1, null from registro_chain
    `.execute(db);
    await sql`drop table registro_chain`.execute(db);
    await sql`alter table registro_chain_v2 rename to registro_chain`.execute(db);
    await db.schema.createIndex('registro_chain_subject_idx').on('registro_chain').columns(['company_id', 'subject_id', 'seq']).execute();
  }
  await sql`alter table registro_chain_heads add column key_id text`.execute(db);

  await db.schema
    .createTable('registro_chain_anchors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('printed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('registro_chain_anchors_company_idx').on('registro_chain_anchors').columns(['company_id', 'seq']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('registro_chain_anchors').ifExists().execute();
  await sql`alter table registro_chain_heads drop column key_id`.execute(db);
  await sql`alter table registro_chain drop column key_id`.execute(db);
  await sql`alter table registro_chain drop column version`.execute(db);
}
