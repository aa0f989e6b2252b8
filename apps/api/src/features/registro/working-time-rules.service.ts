import type { Kysely } from 'kysely';
import type { UpdateWorkingTimeRulesRequest, WorkingTimeRulesView } from '@jornada/shared/schemas/registro';
import { ESTATUTO_RULES } from '@jornada/shared/working-time';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/authorization';
import { unprocessable } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { resolveManagedCompany } from './registro-access';
import { findRulesRow, upsertWorkingTimeRules } from './registro.repository';

export interface RulesDeps {
  db: Kysely<DB>;
  clock: Clock;
}

/** 'Normas de Jornada': the company's rules, or the Estatuto's while it has none. */
export async function getWorkingTimeRules(deps: RulesDeps, actor: Actor, companyId: string | undefined): Promise<WorkingTimeRulesView> {
  const company = await resolveManagedCompany(deps.db, actor, companyId);
  const row = await findRulesRow(deps.db, company.id);
  if (!row) return { companyId: company.id, companyName: company.name, ...ESTATUTO_RULES, isDefault: true, updatedAt: null, updatedByName: null };
  return {
    companyId: company.id,
    companyName: company.name,
    maxDailyHours: Number(row.max_daily_hours),
    minRestHours: Number(row.min_rest_hours),
    maxYearlyOvertimeHours: Number(row.max_yearly_overtime_hours),
    maxMonthlyHours: row.max_monthly_hours === null ? null : Number(row.max_monthly_hours),
    isDefault: false,
    updatedAt: row.updated_at,
    updatedByName: row.updated_by_name,
  };
}

function describe(input: UpdateWorkingTimeRulesRequest): string {
  const monthly = input.maxMonthlyHours === null ? 'sin máximo mensual' : `máximo ${input.maxMonthlyHours} h al mes`;
  return `${input.maxDailyHours} h ordinarias al día, ${input.minRestHours} h de descanso entre jornadas, ${input.maxYearlyOvertimeHours} h extra al año, ${monthly}`;
}

export const OTHER_COMPANY_RULES_MESSAGE = 'Solo puedes cambiar las normas de jornada de tu empresa.';

export async function updateWorkingTimeRules(deps: RulesDeps, actor: Actor, input: UpdateWorkingTimeRulesRequest): Promise<WorkingTimeRulesView> {
  // Another company's id in a body is a 422, like every other reference (conventions, rule 5).
  if (actor.role === 'Supervisor' && input.companyId && input.companyId !== actor.companyId) throw unprocessable(OTHER_COMPANY_RULES_MESSAGE);
  const company = await resolveManagedCompany(deps.db, actor, input.companyId);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await upsertWorkingTimeRules(trx, { ...input, companyId: company.id, at: now.toISOString(), actor });
    await appendActorAction(trx, actor, now, {
      companyId: company.id,
      kind: 'working-time.rules',
      message: `${actor.name} ha cambiado las normas de jornada de «${company.name}»: ${describe(input)}`,
    });
  });
  return getWorkingTimeRules(deps, actor, company.id);
}
