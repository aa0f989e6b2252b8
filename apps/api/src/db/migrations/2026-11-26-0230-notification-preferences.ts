import { sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // What each person chose per kind and channel (docs/decisions/035). Only choices are stored: a kind
  // with no row follows the default in packages/shared (schemas/notifications.ts), so a new kind
  // needs no backfill. In-app is always on and has no row.
  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'push')`))
    .addColumn('enabled', 'integer', (c) => c.notNull().check(sql`enabled in (0, 1)`))
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind', 'channel'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_preferences').ifExists().execute();
}
