import { sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The live view's 'Llamar' needs a number to dial; optional, so every existing user stays valid.
  await sql`alter table users add column phone text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column phone`.execute(db);
}
