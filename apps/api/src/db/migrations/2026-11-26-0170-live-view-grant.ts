import { sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Decision 5 gives a new company's Supervisor every grantable view; the 'live' view (decision 030)
  // arrived later, so every company that already has the default Supervisor role gets it now, as
  // if it had existed when the company was created. A company can still withdraw it afterwards.
  await sql`
    insert into company_permissions (company_id, role_id, view_id)
    select company_roles.company_id, company_roles.role_id, 'live' from company_roles
    where company_roles.role_id = 'role-supervisor'
      and not exists (
        select 1 from company_permissions existing
        where existing.company_id = company_roles.company_id and existing.role_id = company_roles.role_id and existing.view_id = 'live'
      )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from company_permissions where view_id = 'live'`.execute(db);
}
