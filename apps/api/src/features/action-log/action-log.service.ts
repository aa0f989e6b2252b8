import type { ActionLogPage, ActionLogQueryParams } from '@jornada/shared/schemas/action-log';
import { requireRole, scopeOf, type Actor } from '../../lib/authorization';
import { decodeCursor, pageOf } from '../../lib/cursor';
import type { ServiceDeps } from '../../lib/deps';
import { listActions } from './action-log.repository';

/** Decision 9: the administrator reads every company's log, newest first, without sign-ins, a page at a time. */
export async function listActionLog(deps: ServiceDeps, actor: Actor, query: ActionLogQueryParams): Promise<ActionLogPage> {
  requireRole(actor, ['Administrador']);
  const after = query.cursor === undefined ? undefined : (decodeCursor(query.cursor, 2) as [string, string]);
  const rows = await listActions(deps.db, scopeOf(actor), { after, limit: query.limit, companyId: query.companyId });
  const page = pageOf(rows, query.limit, (row) => [row.created_at, row.id]);
  return {
    items: page.items.map((row) => ({
      id: row.id,
      timestamp: row.created_at,
      message: row.message,
      kind: row.kind,
      actorId: row.actor_id,
      actorName: row.actor_name,
      companyId: row.company_id,
    })),
    nextCursor: page.nextCursor,
  };
}
