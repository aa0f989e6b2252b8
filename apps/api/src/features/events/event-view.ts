import { eventStatusAt, MISSING_USER_NAME } from '@jornada/shared/events';
import type { Event } from '@jornada/shared/schemas/events';
import type { Actor } from '../../lib/authorization';
import type { EventsDeps, EventVisibility } from './event-access';
import { findAssignees, type AssigneeRow } from './event-assignments.repository';
import type { EventRow } from './events.repository';

export interface Assignee {
  id: string;
  name: string;
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
export function presentEvent(row: EventRow, assignees: readonly Assignee[], now: Date, actor: Actor): Event {
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
    finishedEarlyAt: row.finished_early_at,
    createdAt: row.created_at,
  };
}

/**
 * Presents a page of events with their staff, loaded in one query. An Empleado's staff list is
 * only themself, known without reading it (a month of a 500-person company's events is otherwise
 * 15,000 assignment rows read to show 30).
 */
export async function presentEvents(deps: EventsDeps, visibility: EventVisibility, actor: Actor, rows: readonly EventRow[]): Promise<Event[]> {
  const now = deps.clock();
  // Rows read for an Empleado's own visibility are the events they are assigned to: their staff
  // list (themself) is known without a query.
  if (actor.role === 'Empleado' && visibility.assignedTo === actor.userId) {
    const self = [{ id: actor.userId, name: actor.name }];
    return rows.map((row) => presentEvent(row, self, now, actor));
  }
  const assignees = await findAssignees(deps.db, visibility.scope, rows.map((row) => row.id));
  const byEvent = new Map<string, Assignee[]>();
  for (const row of assignees) {
    const list = byEvent.get(row.event_id) ?? [];
    list.push({ id: row.user_id, name: assigneeName(row) });
    byEvent.set(row.event_id, list);
  }
  return rows.map((row) => presentEvent(row, byEvent.get(row.id) ?? [], now, actor));
}
