import { eventStatusAt, MISSING_USER_NAME } from '@jornada/shared/events';
import { DEFAULT_GEOFENCE_RADIUS_M } from '@jornada/shared/geo';
import type { AssignmentState, DeclinedAssignee, Event } from '@jornada/shared/schemas/events';
import type { Actor } from '../../lib/authorization';
import type { EventsDeps, EventVisibility } from './event-access';
import { findAssignees, findOwnAssignmentStates, type AssigneeRow } from './event-assignments.repository';
import type { EventRow } from './events.repository';

export interface Assignee {
  id: string;
  name: string;
  state: AssignmentState;
}

export function parseRepeatDays(text: string): number[] {
  return text === '' ? [] : text.split(',').map(Number);
}

export function formatRepeatDays(days: readonly number[]): string {
  return [...new Set(days)].sort((a, b) => a - b).join(',');
}

function assigneeName(row: AssigneeRow): string {
  return row.name === null || Number(row.is_deleted) === 1 ? MISSING_USER_NAME : row.name;
}

/** The API shape; an Empleado sees only themself among the staff (spec section 6: staff is for admins and supervisors). */
export function presentEvent(row: EventRow, assignees: readonly Assignee[], now: Date, actor: Actor, declined: readonly DeclinedAssignee[] = []): Event {
  const visible = actor.role === 'Empleado' ? assignees.filter((assignee) => assignee.id === actor.userId) : assignees;
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    date: row.start_time,
    endDate: row.end_time,
    status: eventStatusAt({ date: row.start_time, endDate: row.end_time }, now),
    type: row.type,
    repeatDays: parseRepeatDays(row.repeat_days),
    companyId: row.company_id,
    companyName: row.company_name,
    assignedEmployees: visible.map((assignee) => assignee.id),
    assignedEmployeeNames: visible.map((assignee) => assignee.name),
    assignedEmployeeStates: visible.map((assignee) => assignee.state),
    declinedEmployees: actor.role === 'Empleado' ? [] : [...declined],
    finishedEarlyAt: row.finished_early_at,
    createdAt: row.created_at,
    // REAL on SQLite, float8 on PostgreSQL: both read as numbers, but a point is whole or absent.
    ...(row.geo_lat === null || row.geo_lng === null
      ? { geoLat: null, geoLng: null, geoRadiusM: null }
      : { geoLat: Number(row.geo_lat), geoLng: Number(row.geo_lng), geoRadiusM: row.geo_radius_m === null ? DEFAULT_GEOFENCE_RADIUS_M : Number(row.geo_radius_m) }),
    requiresVenueCode: Number(row.requires_venue_code) === 1,
  };
}

/**
 * Presents a page of events with their staff, loaded in one query. An Empleado's staff list is
 * only themself, known without reading it (a month of a 500-person company's events is otherwise
 * 15,000 assignment rows read to show 30).
 */
export async function presentEvents(
  deps: EventsDeps,
  visibility: EventVisibility,
  actor: Actor,
  rows: readonly (EventRow & { own_state?: AssignmentState })[],
): Promise<Event[]> {
  const now = deps.clock();
  // Rows read for an Empleado's own visibility are the events they are assigned to: their staff
  // list (themself) is known without a query.
  if (actor.role === 'Empleado' && visibility.assignedTo === actor.userId) {
    // Only their own answer is read (one indexed row per event), unless the rows came with it.
    const known = rows.every((row) => row.own_state !== undefined);
    const states = known ? new Map(rows.map((row) => [row.id, row.own_state!])) : await findOwnAssignmentStates(deps.db, actor.userId, rows.map((row) => row.id));
    return rows.map((row) => {
      const state = states.get(row.id);
      return presentEvent(row, state === undefined || state === 'declined' ? [] : [{ id: actor.userId, name: actor.name, state }], now, actor);
    });
  }
  const assignees = await findAssignees(deps.db, visibility.scope, rows.map((row) => row.id));
  const byEvent = new Map<string, Assignee[]>();
  const declinedByEvent = new Map<string, DeclinedAssignee[]>();
  for (const row of assignees) {
    if (row.state === 'declined') {
      const list = declinedByEvent.get(row.event_id) ?? [];
      list.push({ id: row.user_id, name: assigneeName(row), reason: row.decline_reason ?? '', decidedAt: row.decided_at ?? '' });
      declinedByEvent.set(row.event_id, list);
      continue;
    }
    const list = byEvent.get(row.event_id) ?? [];
    list.push({ id: row.user_id, name: assigneeName(row), state: row.state });
    byEvent.set(row.event_id, list);
  }
  return rows.map((row) => presentEvent(row, byEvent.get(row.id) ?? [], now, actor, declinedByEvent.get(row.id) ?? []));
}
