import { sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Issue 28 item 7 (decision 055). A user's TOTP secret: `enabled_at` null while the enrolment
  // waits for its first code. `last_step` is the newest 30-second step accepted, so a code is
  // never accepted twice (replay).
  await db.schema
    .createTable('two_factor_secrets')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled_at', 'text')
    .addColumn('last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The ten recovery codes, sha256 only; a used one keeps its row (how many are left).
  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('two_factor_recovery_codes_user_idx').on('two_factor_recovery_codes').columns(['user_id', 'code_hash']).execute();
  // 'Recordar este dispositivo': the cookie's token, hashed, per user, for 30 days.
  await db.schema
    .createTable('two_factor_devices')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('two_factor_devices_user_idx').on('two_factor_devices').column('user_id').execute();
  // Between the password and the second factor: a short-lived token, never a session.
  await db.schema
    .createTable('pending_logins')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('step', 'text', (c) => c.notNull().check(sql`step in ('verify', 'enrol')`))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('company_settings')
    .addColumn('supervisor_two_factor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('company_settings').dropColumn('supervisor_two_factor').execute();
  await db.schema.dropTable('pending_logins').ifExists().execute();
  await db.schema.dropTable('two_factor_devices').ifExists().execute();
  await db.schema.dropTable('two_factor_recovery_codes').ifExists().execute();
  await db.schema.dropTable('two_factor_secrets').ifExists().execute();
}
