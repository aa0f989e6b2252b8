import type { Kysely } from 'kysely';
import type { UpdateWorkingTimeRulesRequest, WorkingTimeRulesView } from '@jornada/shared/schemas/registro';
import { ESTATUTO_RULES } from '@jornada/shared/working-time';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/authorization';
import { resolveManagedCompany, resolveManagedCompanyToChange } from '../../lib/managed-company';
import type { Clock } from '../../lib/clock';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { findRulesRow, upsertWorkingTimeRules } from './registro.repository';
import type { WorkingTimeRules } from '@jornada/shared/working-time';

export interface RulesDeps {
  db: Kysely<DB>;
  clock: Clock;
}

/** The limits the payroll sheet's overtime needs: the working-time rules and the annual jornada. */
export interface CompanyWorkingTimeLimits extends WorkingTimeRules {
  /** The convenio's annual jornada in hours; null: no yearly limit. */
  yearlyOrdinaryHours: number | null;
}

type RulesRow = NonNullable<Awaited<ReturnType<typeof findRulesRow>>>;

function limitsOfRow(row: RulesRow | undefined): CompanyWorkingTimeLimits {
  if (!row) return { ...ESTATUTO_RULES, yearlyOrdinaryHours: null };
  return {
    maxDailyHours: Number(row.max_daily_hours),
    minRestHours: Number(row.min_rest_hours),
    maxYearlyOvertimeHours: Number(row.max_yearly_overtime_hours),
    maxMonthlyHours: row.max_monthly_hours === null ? null : Number(row.max_monthly_hours),
    yearlyOrdinaryHours: row.yearly_ordinary_hours == null ? null : Number(row.yearly_ordinary_hours),
  };
}

/** A company's working-time limits for other features (the payroll sheet's overtime); no actor check. */
export async function workingTimeRulesOf(db: Kysely<DB>, companyId: string): Promise<CompanyWorkingTimeLimits> {
  return limitsOfRow(await findRulesRow(db, companyId));
}

/** 'Normas de Jornada': the company's rules, or the Estatuto's while it has none. */
export async function getWorkingTimeRules(deps: RulesDeps, actor: Actor, companyId: string | undefined): Promise<WorkingTimeRulesView> {
  const company = await resolveManagedCompany(deps.db, actor, companyId);
  const row = await findRulesRow(deps.db, company.id);
  return {
    companyId: company.id,
    companyName: company.name,
    ...limitsOfRow(row),
    isDefault: !row,
    updatedAt: row?.updated_at ?? null,
    updatedByName: row?.updated_by_name ?? null,
  };
}

function describe(input: UpdateWorkingTimeRulesRequest): string {
  const monthly = input.maxMonthlyHours === null ? 'sin máximo mensual' : `máximo ${input.maxMonthlyHours} h al mes`;
  const yearly = input.yearlyOrdinaryHours === undefined ? '' : input.yearlyOrdinaryHours === null ? ', sin jornada anual' : `, jornada anual de ${input.yearlyOrdinaryHours} h`;
  return `${input.maxDailyHours} h ordinarias al día, ${input.minRestHours} h de descanso entre jornadas, ${input.maxYearlyOvertimeHours} h extra al año, ${monthly}${yearly}`;
}

export const OTHER_COMPANY_RULES_MESSAGE = 'Solo puedes cambiar las normas de jornada de tu empresa.';

export async function updateWorkingTimeRules(deps: RulesDeps, actor: Actor, input: UpdateWorkingTimeRulesRequest): Promise<WorkingTimeRulesView> {
  const company = await resolveManagedCompanyToChange(deps.db, actor, input.companyId, OTHER_COMPANY_RULES_MESSAGE);
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
