import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Uploaded bytes live in the database (ARCHITECTURE section 1): BLOB on SQLite, bytea on PostgreSQL.
  const bytesType = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('signature', 'document', 'attachment')`))
    // Shown and offered on download only; never used as a path.
    .addColumn('name', 'text', (c) => c.notNull())
    // Sniffed from the bytes, never taken from the client.
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('bytes', bytesType, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_company_idx').on('files').column('company_id').execute();
  await db.schema.createIndex('files_owner_idx').on('files').column('owner_id').execute();

  await db.schema
    .createTable('user_signatures')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // Keyed by user and required-document id (spec section 3). No foreign key to the requirement: a
  // value outlives a category edit; its name and type are kept from when it was saved.
  await db.schema
    .createTable('user_documents')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('document_name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('escrito', 'foto')`))
    .addColumn('text_value', 'text')
    .addColumn('file_id', 'text', (c) => c.references('files.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_documents_pk', ['user_id', 'document_id'])
    .execute();

  // No foreign key to the event: a signed report stays when its event is deleted ('Evento Desconocido').
  await db.schema
    .createTable('work_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('observations', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('signature_file_id', 'text', (c) => c.notNull().references('files.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Spec section 4: one report per user and finished event, whatever the number of devices or servers.
  await db.schema.createIndex('work_reports_user_event_idx').on('work_reports').columns(['user_id', 'event_id']).unique().execute();
  await db.schema.createIndex('work_reports_user_created_idx').on('work_reports').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('work_reports_company_created_idx').on('work_reports').columns(['company_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('work_reports_created_idx').on('work_reports').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('work_report_attachments')
    .addColumn('report_id', 'text', (c) => c.notNull().references('work_reports.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('work_report_attachments_pk', ['report_id', 'file_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['work_report_attachments', 'work_reports', 'user_documents', 'user_signatures', 'files']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
