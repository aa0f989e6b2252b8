import { sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The mail outbox (docs/decisions/035): every mail is a row first, written in the transaction of
  // its cause, then sent by a 'mail.send' job. The platform Administrador reads it as 'Correos enviados'.
  await db.schema
    .createTable('mails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Null for platform mails that belong to no company.
    .addColumn('company_id', 'text', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    // pending: waiting for its job; sent: the SMTP server accepted it; unsent: no SMTP_URL, kept here;
    // failed: every try failed (its job is dead, last_error says why).
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'sent', 'unsent', 'failed')`))
    // The Message-ID header every try of this mail carries, so a resend after a crash is recognisable.
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('mails_created_idx').on('mails').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mails').ifExists().execute();
}
