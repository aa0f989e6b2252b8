import type { Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Values the app makes once and every server must share (docs/decisions/037: the VAPID key pair).
  // Written insert-if-absent and read back, so servers starting at once agree on the first row.
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // One row per browser that asked for push (decision 037). The endpoint is the push service's address
  // of that browser: unique, so a browser signed in by someone else moves to that person.
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('device_label', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').columns(['user_id', 'company_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['push_subscriptions', 'settings']) await db.schema.dropTable(table).ifExists().execute();
}
