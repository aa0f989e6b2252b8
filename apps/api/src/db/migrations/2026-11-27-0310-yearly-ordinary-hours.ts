import type { Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Issue 26 (decision 041): the convenio's annual jornada in 'Normas de Jornada', whole hours; the
  // ordinary minutes of a year beyond it are overtime in the payroll sheet. Null: no yearly limit
  // (the Estatuto sets none as a figure, and every existing company keeps its sheets as they were).
  await db.schema.alterTable('working_time_rules').addColumn('yearly_ordinary_hours', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('working_time_rules').dropColumn('yearly_ordinary_hours').execute();
}
