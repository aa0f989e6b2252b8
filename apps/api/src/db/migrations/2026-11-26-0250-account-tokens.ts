import { sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One-time links (docs/decisions/039): an invitation, a password reset or an e-mail change. Only
  // the sha256 of the token is stored; the token itself exists only in the mail that carried it.
  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('invitation', 'reset', 'email_change')`))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // Set when the link is used, or when a newer link of the same purpose replaces it.
    .addColumn('used_at', 'text')
    // Only for email_change: the address that becomes the user's once the link is opened.
    .addColumn('new_email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_tokens_user_idx').on('account_tokens').columns(['user_id', 'purpose']).execute();

  // Requests for a reset link, counted per address and per account like login_attempts (decision 006):
  // in the database, so every server sharing it sees the same counts.
  await db.schema
    .createTable('account_token_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ip', 'text', (c) => c.notNull())
    // The user's id when the account exists, else the name or address as typed (lower-case).
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_token_requests_ip_idx').on('account_token_requests').columns(['ip', 'requested_at']).execute();
  await db.schema.createIndex('account_token_requests_account_idx').on('account_token_requests').columns(['account_key', 'requested_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_token_requests').ifExists().execute();
  await db.schema.dropTable('account_tokens').ifExists().execute();
}
