import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { CompanyScope } from '../../lib/authorization';

export interface TimeRecordTotals {
  /** Sum of the durations (minutes) of completed records. */
  totalMinutes: number;
  /** Every record, active or completed. */
  recordCount: number;
}

/**
 * The overview's hours and records cards: the viewer's own time records (spec section 7: the dashboard
 * reads time_records for the user), inside the scope. Time records do not exist yet; the clock-in
 * issue replaces this body with one aggregate query on time_records, keeping the signature.
 */
export async function summarizeTimeRecords(_db: Kysely<DB>, _scope: CompanyScope, _userId: string): Promise<TimeRecordTotals> {
  return { totalMinutes: 0, recordCount: 0 };
}
