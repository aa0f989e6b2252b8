import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { CompanyScope } from '../../lib/authorization';
import { preparedQuery } from '../../db/prepared-query';

export interface TimeRecordTotals {
  /** Sum of the durations (minutes) of completed records. */
  totalMinutes: number;
  /** Every record, active or completed. */
  recordCount: number;
}

/**
 * The overview's hours and records cards in one aggregate query: the viewer's own records when
 * `userId` is given (employees and supervisors, like the spec's dashboard provider), otherwise every
 * record inside the scope (the platform admin, optionally narrowed to one company).
 */
export async function summarizeTimeRecords(
  db: Kysely<DB>,
  scope: CompanyScope,
  userId: string | null,
  companyId?: string,
): Promise<TimeRecordTotals> {
  const scopedCompany = scope.kind === 'company' ? scope.companyId : companyId;
  if (userId !== null && scope.kind === 'company') {
    // The viewer's own company exists (they are signed in to it): no join needed.
    const row = await userTotalsQuery.takeFirst(db, { userId, companyId: scope.companyId });
    return { totalMinutes: Number(row?.total_minutes ?? 0), recordCount: Number(row?.record_count ?? 0) };
  }
  const row = await db
    .selectFrom('time_records')
    // Records of a deleted company are archived, not counted (decision 8).
    .innerJoin('companies', 'companies.id', 'time_records.company_id')
    .select((eb) => [
      eb.fn.countAll().as('record_count'),
      eb.fn.sum(eb.case().when('time_records.status', '=', 'completado').then(eb.ref('time_records.duration')).else(0).end()).as('total_minutes'),
    ])
    .$if(userId !== null, (query) => query.where('time_records.user_id', '=', userId as string))
    .$if(scopedCompany !== undefined, (query) => query.where('time_records.company_id', '=', scopedCompany as string))
    .executeTakeFirstOrThrow();
  return { totalMinutes: Number(row.total_minutes ?? 0), recordCount: Number(row.record_count) };
}

const userTotalsQuery = preparedQuery<{ userId: string; companyId: string }>()((db, param) =>
  db
    .selectFrom('time_records')
    .select((eb) => [
      eb.fn.countAll<number | string | bigint>().as('record_count'),
      eb.fn
        .sum<number | string | bigint | null>(eb.case().when('time_records.status', '=', 'completado').then(eb.ref('time_records.duration')).else(0).end())
        .as('total_minutes'),
    ])
    .where('time_records.user_id', '=', param('userId'))
    .where('time_records.company_id', '=', param('companyId')),
);
