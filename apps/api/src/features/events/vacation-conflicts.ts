import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

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

/**
 * Decision 6 / spec section 5: a confirmed vacation on an event's start date blocks assigning that
 * person. Vacations do not exist yet, so nobody is on vacation; the vacations issue replaces this body
 * with one query on its confirmed dates (company, users and day keys), keeping the signature.
 */
export const findConfirmedVacationConflicts: VacationConflictFinder = async (_db, _companyId, _userIds, _dates) => [];
