import type { Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Issue 28 item 3 (decision 053): the DNI or NIE of the people an import brings in, upper case
  // without separators. One person per document in a company; NULLs (no DNI) never collide.
  await db.schema.alterTable('users').addColumn('dni', 'text').execute();
  await db.schema.createIndex('users_company_dni').on('users').columns(['company_id', 'dni']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_company_dni').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('dni').execute();
}
