import { sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Read-only links for the Labour Inspection or the workers' representatives (issue 11, part 5).
  // Only the SHA-256 of the token is stored: a copy of the database opens no link.
  await db.schema
    .createTable('access_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // Days 'yyyy-MM-dd' in the company time zone, both included.
    .addColumn('range_from', 'text', (c) => c.notNull())
    .addColumn('range_to', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    // Names as they were: the list reads the same after the creator leaves.
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by_name', 'text')
    .execute();
  await db.schema.createIndex('access_links_company_created_idx').on('access_links').columns(['company_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('access_links_created_idx').on('access_links').columns(['created_at', 'id']).execute();

  // Every view and download through a link: when, what and from which address.
  await db.schema
    .createTable('access_link_uses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('link_id', 'text', (c) => c.notNull().references('access_links.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('view', 'pdf', 'csv')`))
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('access_link_uses_link_idx').on('access_link_uses').columns(['link_id', 'used_at', 'id']).execute();

  // Who a legal record names once the company or the user is deleted (issue 11, part 7): a snapshot
  // taken in the deletion's transaction, kept while any record of theirs is kept (4 years).
  await db.schema
    .createTable('legal_archive_subjects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('company', 'user')`))
    .addColumn('subject_id', 'text', (c) => c.notNull())
    // The company of the user, or the company itself; no foreign key: it outlives the company.
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('username', 'text')
    .addColumn('email', 'text')
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .addColumn('deleted_by_name', 'text', (c) => c.notNull())
    .addUniqueConstraint('legal_archive_subjects_kind_subject_key', ['kind', 'subject_id'])
    .execute();
  await db.schema.createIndex('legal_archive_subjects_company_idx').on('legal_archive_subjects').columns(['company_id', 'kind', 'name']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('legal_archive_subjects').ifExists().execute();
  await db.schema.dropTable('access_link_uses').ifExists().execute();
  await db.schema.dropTable('access_links').ifExists().execute();
}
