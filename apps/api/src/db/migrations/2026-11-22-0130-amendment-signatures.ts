import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The worker's approval signature of a correction is part of the legal record, which outlives the
  // company (decision 3). `files` goes with the company's cascade, so the PNG is copied here, with no
  // foreign keys, when the correction is approved; the 4-year purge deletes it with its correction.
  const bytesType = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('amendment_signatures')
    .addColumn('amendment_id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('signature_png', bytesType, (c) => c.notNull())
    .addColumn('signature_sha256', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'text', (c) => c.notNull())
    .execute();
  // Corrections approved before this table existed keep their signature too.
  await sql`
    insert into amendment_signatures (amendment_id, company_id, signature_png, signature_sha256, signed_at)
    select a.id, a.company_id, f.bytes, f.sha256, coalesce(a.decided_at, f.created_at)
    from time_record_amendments a join files f on f.id = a.signature_file_id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('amendment_signatures').ifExists().execute();
}
