import { sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Issue 27 item 7 (decision 043): a role's capabilities. The three default roles are their own
  // base; a custom role is based on Empleado or Supervisor, and the ones created before it existed
  // are based on Empleado, the narrower of the two (nobody held them yet).
  await db.schema.alterTable('roles').addColumn('base_role', 'text', (column) => column.notNull().defaultTo('Empleado')).execute();
  await sql`update roles set base_role = 'Administrador' where id = 'role-admin'`.execute(db);
  await sql`update roles set base_role = 'Supervisor' where id = 'role-supervisor'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('roles').dropColumn('base_role').execute();
}
