import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { roleIdsWithBase } from '../../db/tenant-lookups';

/** The company's active supervisors: who hears of what the company side must act on. */
export async function companySupervisorIds(db: Kysely<DB>, companyId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('role_id', 'in', roleIdsWithBase(db, ['Supervisor']))
    .where('is_deleted', '=', 0)
    .where('is_disabled', '=', 0)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Those among `userIds` already told this exact message (same kind, link and text). Scheduled jobs
 * run at least once: a re-run asks this first, so a reminder reaches each person once.
 */
export async function alreadyTold(db: Kysely<DB>, companyId: string, userIds: readonly string[], message: { kind: string; link: string; body: string }): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('notifications')
    .select('user_id')
    .where('company_id', '=', companyId)
    .where('user_id', 'in', [...new Set(userIds)])
    .where('kind', '=', message.kind)
    .where('link', '=', message.link)
    .where('body', '=', message.body)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}
