import type { Kysely } from 'kysely';
import { LIVE_GRACE_MINUTES, LIVE_MAX_EVENTS, type LiveEvent, type LiveQueryParams, type LiveResponse } from '@jornada/shared/schemas/live';
import type { DB } from '../../db/schema';
import { requireRole, scopeOf, type Actor } from '../../lib/authorization';
import type { Clock } from '../../lib/clock';
import { groupBy } from '../../lib/group-by';
import { attentionOrder, personStateAt } from './person-state';
import * as repository from './live.repository';

export interface LiveDeps {
  db: Kysely<DB>;
  clock: Clock;
}

const HOUR = 3_600_000;
const byName = new Intl.Collator('es');

/**
 * 'Ahora' (decision 030): the scope's shifts under way and starting within `hours`, each assigned
 * person with their state at the server's now. A supervisor sees their own company whatever
 * companyId says (the filter is the administrator's, as in Supervisar Eventos).
 */
export async function getLiveView(deps: LiveDeps, actor: Actor, query: LiveQueryParams): Promise<LiveResponse> {
  requireRole(actor, ['Supervisor', 'Administrador']);
  const scope = scopeOf(actor);
  const now = deps.clock();
  const rows = await repository.listEventsInWindow(deps.db, scope, {
    now: now.toISOString(),
    until: new Date(now.getTime() + query.hours * HOUR).toISOString(),
    companyId: scope.kind === 'all' ? query.companyId : undefined,
    limit: LIVE_MAX_EVENTS + 1,
  });
  const events = rows.slice(0, LIVE_MAX_EVENTS);
  const ids = events.map((event) => event.id);
  const [assignees, records] = await Promise.all([repository.listAssignees(deps.db, ids), repository.listEventRecords(deps.db, ids)]);
  const assigneesByEvent = groupBy(assignees, (row) => row.event_id, (row) => row);
  const recordsByShift = groupBy(records, (row) => `${row.event_id}\u0000${row.user_id}`, (row) => row);

  const live = events.map((event): LiveEvent => {
    const people = (assigneesByEvent.get(event.id) ?? []).map((person) => ({
      userId: person.user_id,
      name: person.name,
      phone: person.phone,
      ...personStateAt({ startTime: event.start_time, records: recordsByShift.get(`${event.id}\u0000${person.user_id}`) ?? [] }, now, LIVE_GRACE_MINUTES),
    }));
    people.sort((a, b) => attentionOrder[a.state] - attentionOrder[b.state] || byName.compare(a.name, b.name) || a.userId.localeCompare(b.userId));
    return {
      id: event.id,
      companyId: event.company_id,
      name: event.name,
      location: event.location,
      startTime: event.start_time,
      endTime: event.end_time,
      status: Date.parse(event.start_time) <= now.getTime() ? 'Activo' : 'Programado',
      people,
    };
  });
  // Under way first (they are the ones with people to chase), then what starts next.
  live.sort((a, b) => (a.status === b.status ? 0 : a.status === 'Activo' ? -1 : 1));
  return { now: now.toISOString(), graceMinutes: LIVE_GRACE_MINUTES, hours: query.hours, events: live, truncated: rows.length > LIVE_MAX_EVENTS };
}
