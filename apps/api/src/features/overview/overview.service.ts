import type { OverviewSummary } from '@jornada/shared/schemas/overview';
import type { Actor } from '../../lib/authorization';
import { eventVisibilityOf, type EventsDeps } from '../events/event-access';
import { countEvents } from '../events/events.service';
import { countAssignedEvents } from './assigned-event-counts';
import { summarizeTimeRecords } from './time-record-totals';

/** The main panel's four cards, each scoped like the screens they summarize (spec section 6). */
export async function getOverviewSummary(deps: EventsDeps, actor: Actor, query: { companyId?: string }): Promise<OverviewSummary> {
  const { scope, assignedTo } = eventVisibilityOf(actor);
  if (assignedTo !== undefined && scope.kind === 'company') {
    const [events, records] = await Promise.all([
      countAssignedEvents(deps.db, assignedTo, scope.companyId, deps.clock()),
      summarizeTimeRecords(deps.db, scope, actor.userId),
    ]);
    return { totalMinutes: records.totalMinutes, totalEvents: events.total, activeEvents: events.active, recordCount: records.recordCount };
  }
  const filter = { assignedTo, companyId: query.companyId };
  const [totalEvents, activeEvents, records] = await Promise.all([
    countEvents(deps.db, scope, filter),
    countEvents(deps.db, scope, { ...filter, status: { in: ['Activo'], at: deps.clock() } }),
    summarizeTimeRecords(deps.db, scope, actor.role === 'Administrador' ? null : actor.userId, query.companyId),
  ]);
  return { totalMinutes: records.totalMinutes, totalEvents, activeEvents, recordCount: records.recordCount };
}
