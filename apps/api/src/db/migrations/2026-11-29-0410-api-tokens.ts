import type { Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Issue 28 item 4 (decision 054): personal API tokens. Only the token's sha256 is kept.
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // The first characters of the token, so its owner can tell tokens apart; too short to guess with.
    .addColumn('hint', 'text', (c) => c.notNull())
    // Comma-separated scopes ('registro:leer,eventos:gestionar').
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    // Written at most once a minute (when the rate window turns), not on every request.
    .addColumn('last_used_at', 'text')
    // The rate limit's counter lives in the database (several servers, one PostgreSQL): the minute
    // number of the current window and the requests counted in it.
    .addColumn('rate_window', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rate_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('api_tokens_user_idx').on('api_tokens').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_tokens').ifExists().execute();
}
