import { sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Durable background work (docs/decisions/033): a row per job, so a restart loses nothing.
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'running', 'done', 'dead')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    // When it may run next: the schedule of a timed job, or the backoff after a failure.
    .addColumn('run_at', 'text', (c) => c.notNull())
    // A claim that outlives this instant belonged to a runner that died; another may take the job again.
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();

  // One notification per recipient (docs/decisions/033): the in-app channel reads these rows directly.
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('notifications_unread_idx').on('notifications').columns(['user_id', 'read_at']).execute();

  // The e-mail and push channels (not built yet): one row per notification and channel, written by the
  // delivery job in the same transaction that records the send, so a retried job never sends twice.
  await db.schema
    .createTable('notification_deliveries')
    .addColumn('notification_id', 'text', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'push')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'sent', 'skipped', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .addPrimaryKeyConstraint('notification_deliveries_pk', ['notification_id', 'channel'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['notification_deliveries', 'notifications', 'jobs']) await db.schema.dropTable(table).ifExists().execute();
}
