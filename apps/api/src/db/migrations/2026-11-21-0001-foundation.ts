import { sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('roles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('price_cents', 'integer')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('companies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('category_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('escrito', 'foto')`))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('category_documents_category_idx').on('category_documents').column('category_id').execute();

  await db.schema
    .createTable('company_roles')
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('role_id', 'text', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('company_roles_pk', ['company_id', 'role_id'])
    .execute();

  await db.schema
    .createTable('company_categories')
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('company_categories_pk', ['company_id', 'category_id'])
    .execute();

  await db.schema
    .createTable('company_permissions')
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('role_id', 'text', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('view_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('company_permissions_pk', ['company_id', 'role_id', 'view_id'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role_id', 'text', (c) => c.notNull().references('roles.id'))
    .addColumn('company_id', 'text', (c) => c.references('companies.id'))
    .addColumn('email', 'text')
    .addColumn('is_disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_company_idx').on('users').columns(['company_id', 'name']).execute();

  await db.schema
    .createTable('user_categories')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_categories_pk', ['user_id', 'category_id'])
    .execute();
  await db.schema.createIndex('user_categories_category_idx').on('user_categories').column('category_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_username_idx').on('login_attempts').columns(['username', 'attempted_at']).execute();
  await db.schema.createIndex('login_attempts_ip_idx').on('login_attempts').columns(['ip', 'attempted_at']).execute();

  await db.schema
    .createTable('action_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('action_log_created_idx').on('action_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('action_log_company_idx').on('action_log').columns(['company_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'action_log', 'login_attempts', 'sessions', 'user_categories', 'users', 'company_permissions',
    'company_categories', 'company_roles', 'category_documents', 'categories', 'companies', 'roles',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
