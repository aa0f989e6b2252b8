import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { CompanyScope } from '../../lib/authorization';

export interface ActionListQuery {
  /** created_at and id of the last entry of the previous page. */
  after?: readonly [string, string];
  limit: number;
  companyId?: string;
}

/** Newest first on the (created_at, id) index; sign-ins are left out. Reads limit + 1 rows. */
export async function listActions(db: Kysely<DB>, scope: CompanyScope, query: ActionListQuery) {
  const { after, companyId } = query;
  return db
    .selectFrom('action_log')
    .select(['id', 'created_at', 'actor_id', 'actor_name', 'company_id', 'kind', 'message'])
    .where('kind', '!=', 'login')
    .$if(scope.kind === 'company', (q) => q.where('company_id', '=', scope.kind === 'company' ? scope.companyId : ''))
    .$if(companyId !== undefined, (q) => q.where('company_id', '=', companyId as string))
    .$if(after !== undefined, (q) =>
      q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after![0], after![1]))),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
}
