import type { EventStatus } from '@jornada/shared/events';
import { monthRange } from '@jornada/shared/format';
import type {
  AssignableEmployees,
  AssignableEmployeesInput,
  CalendarInput,
  CalendarResponse,
  Event,
  EventPage,
  EventScreenInput,
  ListEventsInput,
  ShiftsInput,
} from '@jornada/shared/schemas/events';
import type { Actor } from '../../lib/authorization';
import { forbidden } from '../../lib/errors';
import { dayRangeInstants } from '../../lib/list-filters';
import { decodeCursor, pageOf } from '../../lib/cursor';
import { eventVisibilityOf, requireEventManager, requireVisibleEvent, type EventsDeps, type EventVisibility } from './event-access';
import { listAssignedEventsStartingBetween } from './assigned-events.repository';
import { listAssignableUsers, listCompanyCategories } from './event-assignments.repository';
import { presentEvents } from './event-view';
import { listEvents, type EventFilter, type EventOrder, type EventRow } from './events.repository';
import { resolveEventCompany } from './events.service';

/** The calendar answers one month at once; more than this in a month is flagged as truncated. */
export const CALENDAR_MONTH_LIMIT = 1000;

interface PageRequest {
  statuses: readonly EventStatus[];
  order: EventOrder;
  cursor?: string;
  limit: number;
  filter?: Omit<EventFilter, 'status'>;
}

function sortKey(order: EventOrder) {
  return (row: EventRow) => [order === 'end-desc' ? row.end_time : row.start_time, row.id] as const;
}

async function pageOfEvents(deps: EventsDeps, actor: Actor, visibility: EventVisibility, request: PageRequest): Promise<EventPage> {
  const after = request.cursor === undefined ? undefined : (decodeCursor(request.cursor, 2) as [string, string]);
  const rows = await listEvents(deps.db, visibility.scope, {
    assignedTo: visibility.assignedTo,
    ...request.filter,
    status: { in: request.statuses, at: deps.clock() },
    order: request.order,
    after,
    limit: request.limit,
  });
  const page = pageOf(rows, request.limit, sortKey(request.order));
  return { items: await presentEvents(deps, visibility, actor, page.items), nextCursor: page.nextCursor };
}

/** The event detail dialog: 404 for an event the actor may not see. */
export async function getEvent(deps: EventsDeps, actor: Actor, id: string): Promise<Event> {
  const visibility = eventVisibilityOf(actor);
  const row = await requireVisibleEvent(deps.db, visibility, id);
  const [event] = await presentEvents(deps, visibility, actor, [row]);
  return event!;
}

/** Manage events: by start; a Finalizado-only list by end, newest first. */
export async function listManagedEvents(deps: EventsDeps, actor: Actor, query: ListEventsInput): Promise<EventPage> {
  const scope = requireEventManager(actor);
  const finishedOnly = query.status.every((status) => status === 'Finalizado');
  return pageOfEvents(deps, actor, { scope }, {
    statuses: query.status,
    order: finishedOnly ? 'end-desc' : 'start-asc',
    cursor: query.cursor,
    limit: query.limit,
    filter: {
      companyId: query.companyId,
      assignee: query.userId,
      text: query.q,
      startFrom: query.from === undefined ? undefined : new Date(query.from),
      startBefore: query.to === undefined ? undefined : new Date(query.to),
    },
  });
}

/** The list filters of Supervisar Eventos and the event log (issue 21): days are the start's, in the company time zone. */
function screenFilter(deps: EventsDeps, query: EventScreenInput): Omit<EventFilter, 'status'> {
  const days = dayRangeInstants(query, deps.timeZone);
  return {
    companyId: query.companyId,
    assignee: query.userId,
    text: query.q,
    startFrom: days.from === undefined ? undefined : new Date(days.from),
    startBefore: days.to === undefined ? undefined : new Date(days.to),
  };
}

/** Supervise events: Activo and Programado, by start. */
export async function listSupervisedEvents(deps: EventsDeps, actor: Actor, query: EventScreenInput): Promise<EventPage> {
  const scope = requireEventManager(actor);
  return pageOfEvents(deps, actor, { scope }, {
    statuses: ['Activo', 'Programado'],
    order: 'start-asc',
    cursor: query.cursor,
    limit: query.limit,
    filter: screenFilter(deps, query),
  });
}

/** The event log: Finalizado, newest end first. */
export async function listEventLog(deps: EventsDeps, actor: Actor, query: EventScreenInput): Promise<EventPage> {
  const scope = requireEventManager(actor);
  return pageOfEvents(deps, actor, { scope }, {
    statuses: ['Finalizado'],
    order: 'end-desc',
    cursor: query.cursor,
    limit: query.limit,
    filter: screenFilter(deps, query),
  });
}

/** Mis Turnos: the signed-in user's events; 'active' by start ascending, anything else Finalizado by start descending. */
export async function listShifts(deps: EventsDeps, actor: Actor, query: ShiftsInput): Promise<EventPage> {
  if (actor.role !== 'Empleado' && actor.role !== 'Supervisor') throw forbidden();
  const visibility = { scope: eventVisibilityOf(actor).scope, assignedTo: actor.userId };
  const active = query.filter === 'active';
  return pageOfEvents(deps, actor, visibility, {
    statuses: active ? ['Programado', 'Activo'] : ['Finalizado'],
    order: active ? 'start-asc' : 'start-desc',
    cursor: query.cursor,
    limit: query.limit,
  });
}

/** The overview calendar: the visible events starting in a month of the company time zone. */
export async function getCalendarMonth(deps: EventsDeps, actor: Actor, query: CalendarInput): Promise<CalendarResponse> {
  const visibility = eventVisibilityOf(actor);
  const { start, end } = monthRange(query.month, deps.timeZone);
  const { scope, assignedTo } = visibility;
  const ownCompany = scope.kind === 'company' && (query.companyId === undefined || query.companyId === scope.companyId) ? scope.companyId : undefined;
  const rows =
    assignedTo !== undefined && ownCompany !== undefined
      ? await listAssignedEventsStartingBetween(deps.db, { userId: assignedTo, companyId: ownCompany, from: start, to: end, limit: CALENDAR_MONTH_LIMIT + 1 })
      : await listEvents(deps.db, scope, { assignedTo, companyId: query.companyId, startFrom: start, startBefore: end, order: 'start-asc', limit: CALENDAR_MONTH_LIMIT });
  const items = rows.slice(0, CALENDAR_MONTH_LIMIT);
  return { month: query.month, items: await presentEvents(deps, visibility, actor, items), truncated: rows.length > CALENDAR_MONTH_LIMIT };
}

/** The assign-employees dialog: the company's active Empleado and Supervisor users and its categories. */
export async function listAssignableEmployees(deps: EventsDeps, actor: Actor, query: AssignableEmployeesInput): Promise<AssignableEmployees> {
  const scope = requireEventManager(actor);
  const companyId = await resolveEventCompany(deps.db, scope, query.companyId);
  const company = { kind: 'company', companyId } as const;
  const [{ users, userCategories }, categories] = await Promise.all([listAssignableUsers(deps.db, company), listCompanyCategories(deps.db, company)]);
  const categoriesByUser = new Map<string, string[]>();
  for (const { user_id: userId, category_id: categoryId } of userCategories) {
    categoriesByUser.set(userId, [...(categoriesByUser.get(userId) ?? []), categoryId]);
  }
  return {
    employees: users.map((user) => ({ id: user.id, name: user.name, role: user.role, categoryIds: categoriesByUser.get(user.id) ?? [] })),
    categories,
  };
}
