import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** The tables that say who a user is and what they may see (features/auth/auth-cache.ts IDENTITY_TABLES, as of this migration). */
const IDENTITY_TABLES = ['users', 'roles', 'companies', 'company_roles', 'company_permissions', 'categories', 'company_categories', 'user_categories'];

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Issue 29 (decision 056): a counter that moves with every committed change to the identity
  // tables, read with each request's session, so several servers on one PostgreSQL can keep
  // profiles and granted views in memory and know, in the same round trip, whether they still hold.
  await db.schema
    .createTable('identity_version')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into identity_version (id, version) values (1, 0)`.execute(db);
  // SQLite is one server on one file: its caches hear every write themselves (decision 022).
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // Deferred to the commit, once per transaction: the counter row is the last lock any writer
  // takes (no deadlock with the rows it wrote), and a transaction that rolls back never moves it.
  await sql`
    create function identity_version_bump() returns trigger language plpgsql as $$
    begin
      if current_setting('jornada.identity_bumped', true) is distinct from '1' then
        perform set_config('jornada.identity_bumped', '1', true);
        update identity_version set version = (version + 1) % 2000000000 where id = 1;
      end if;
      return null;
    end $$
  `.execute(db);
  for (const table of IDENTITY_TABLES) {
    await sql`
      create constraint trigger ${sql.raw(`${table}_identity_version`)} after insert or update or delete on ${sql.table(table)}
      deferrable initially deferred for each row execute function identity_version_bump()
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of IDENTITY_TABLES) await sql`drop trigger if exists ${sql.raw(`${table}_identity_version`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function if exists identity_version_bump()`.execute(db);
  }
  await db.schema.dropTable('identity_version').ifExists().execute();
}
