import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { findConfirmedDays } from '../vacations/vacations.service';

export interface VacationConflict {
  userId: string;
  /** 'yyyy-MM-dd' in the company time zone. */
  date: string;
}

export type VacationConflictFinder = (
  db: Kysely<DB>,
  companyId: string,
  userIds: readonly string[],
  dates: readonly string[],
) => Promise<VacationConflict[]>;

/** Decision 6 / spec section 5: a confirmed vacation on an event's start date blocks assigning that person. */
export const findConfirmedVacationConflicts: VacationConflictFinder = async (db, companyId, userIds, dates) =>
  (await findConfirmedDays(db, companyId, userIds, dates)).map(({ employeeId, day }) => ({ userId: employeeId, date: day }));
