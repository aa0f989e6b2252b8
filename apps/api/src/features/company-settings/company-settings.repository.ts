import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { CompanyScope } from '../../lib/authorization';

/** The company's name, if it exists inside the scope (another company's answers nothing: 404). */
export async function findCompanyName(db: Kysely<DB>, scope: CompanyScope, companyId: string): Promise<string | undefined> {
  if (scope.kind === 'company' && scope.companyId !== companyId) return undefined;
  const row = await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
  return row?.name;
}

export function findSettingsRow(db: Kysely<DB>, companyId: string) {
  return db.selectFrom('company_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

export async function upsertSettings(
  db: Kysely<DB>,
  row: {
    company_id: string;
    geofence_mode: 'flag' | 'refuse';
    auto_clock_out: number;
    auto_clock_out_tolerance_min: number;
    qualification_check: 'warn' | 'refuse';
    accept_assignments: number;
    open_shift_mode: 'first_come' | 'approval';
    supervisor_two_factor: number;
    updated_at: string;
  },
): Promise<void> {
  await db
    .insertInto('company_settings')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('company_id').doUpdateSet({
        geofence_mode: row.geofence_mode,
        auto_clock_out: row.auto_clock_out,
        auto_clock_out_tolerance_min: row.auto_clock_out_tolerance_min,
        qualification_check: row.qualification_check,
        accept_assignments: row.accept_assignments,
        open_shift_mode: row.open_shift_mode,
        supervisor_two_factor: row.supervisor_two_factor,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}
