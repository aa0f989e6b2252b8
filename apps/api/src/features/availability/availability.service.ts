import type { Kysely } from 'kysely';
import { unavailableIntervals } from '@jornada/shared/availability';
import { dayKeyOf } from '@jornada/shared/events';
import {
  describeUnavailability,
  MAX_UNAVAILABILITY_ENTRIES,
  UNAVAILABILITY_LIMIT_MESSAGE,
  type CreateUnavailabilityRequest,
  type Unavailability,
  type UnavailabilityList,
} from '@jornada/shared/schemas/availability';
import type { DB } from '../../db/schema';
import { requireRole, scopeOf, type Actor } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { notFound, unprocessable } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import * as repository from './availability.repository';

/* Issue 27 item 5 (decision 044): when a person cannot work. */

export interface AvailabilityDeps extends ServiceDeps {
  timeZone: string;
}

export const EMPLOYEE_NOT_FOUND_MESSAGE = 'No se ha encontrado el empleado.';
export const ENTRY_NOT_FOUND_MESSAGE = 'No se ha encontrado ese periodo de no disponibilidad.';
const NO_COMPANY_MESSAGE = 'Tu usuario no pertenece a ninguna empresa.';
const HOLDERS = ['Empleado', 'Supervisor'] as const;

function present(row: repository.UnavailabilityRow): Unavailability {
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    startDate: row.start_date,
    endDate: row.end_date,
    weekday: row.weekday === null ? null : Number(row.weekday),
    startTime: row.start_time,
    endTime: row.end_time,
    note: row.note,
    createdAt: row.created_at,
  };
}

function ownCompany(actor: Actor): string {
  requireRole(actor, HOLDERS);
  if (!actor.companyId) throw unprocessable(NO_COMPANY_MESSAGE);
  return actor.companyId;
}

/** 'Mi Disponibilidad': the signed-in Empleado's or Supervisor's own entries. */
export async function listMine(deps: AvailabilityDeps, actor: Actor): Promise<UnavailabilityList> {
  requireRole(actor, HOLDERS);
  if (!actor.companyId) return { items: [] };
  return { items: (await repository.listOfPerson(deps.db, actor.companyId, actor.userId)).map(present) };
}

export async function createMine(deps: AvailabilityDeps, actor: Actor, input: CreateUnavailabilityRequest): Promise<Unavailability> {
  const companyId = ownCompany(actor);
  const now = deps.clock();
  const dated = input.kind === 'dates';
  const row = {
    id: newId('unav'),
    company_id: companyId,
    user_id: actor.userId,
    kind: input.kind,
    start_date: dated ? input.startDate! : null,
    end_date: dated ? input.endDate! : null,
    weekday: dated ? null : input.weekday!,
    start_time: input.allDay ? null : input.startTime!,
    end_time: input.allDay ? null : input.endTime!,
    note: input.note ?? '',
    created_at: now.toISOString(),
  };
  await deps.db.transaction().execute(async (trx) => {
    if ((await repository.countOfPerson(trx, companyId, actor.userId)) >= MAX_UNAVAILABILITY_ENTRIES) throw unprocessable(UNAVAILABILITY_LIMIT_MESSAGE);
    await repository.insertEntry(trx, row);
    await appendActorAction(trx, actor, now, {
      companyId,
      kind: 'unavailability.create',
      message: `${actor.name} ha indicado que no está disponible: ${describeUnavailability(present(row))}`,
    });
  });
  return present(row);
}

/** Only one's own: another person's or another company's entry is not found. */
export async function deleteMine(deps: AvailabilityDeps, actor: Actor, id: string): Promise<void> {
  const companyId = ownCompany(actor);
  await deps.db.transaction().execute(async (trx) => {
    const row = await repository.findOwnEntry(trx, companyId, actor.userId, id);
    if (!row) throw notFound(ENTRY_NOT_FOUND_MESSAGE);
    await repository.deleteEntry(trx, id);
    await appendActorAction(trx, actor, deps.clock(), {
      companyId,
      kind: 'unavailability.delete',
      message: `${actor.name} ha quitado un periodo de no disponibilidad: ${describeUnavailability(present(row))}`,
    });
  });
}

/** A supervisor (their company) or the Administrador: an employee's entries, read-only. */
export async function listOfEmployee(deps: AvailabilityDeps, actor: Actor, employeeId: string): Promise<UnavailabilityList> {
  requireRole(actor, ['Supervisor', 'Administrador']);
  const person = await repository.findPerson(deps.db, scopeOf(actor), employeeId);
  if (!person) throw notFound(EMPLOYEE_NOT_FOUND_MESSAGE);
  return { items: (await repository.listOfPerson(deps.db, person.companyId, person.id)).map(present) };
}

// ---- What other features ask ------------------------------------------------------------------------

/** One stretch of time a person said they cannot work. */
export interface UnavailableSlot {
  userId: string;
  unavailabilityId: string;
  start: Date;
  end: Date;
  /** 'Cada martes, 18:00–23:00', with the note when there is one. */
  description: string;
}

/**
 * Decision 044, the one question other features ask (the assignment check today; the roster and
 * open-shift eligibility later): the stretches of time between `from` and `to` in which each of
 * `userIds` said they cannot work in company `companyId`, ordered by start. An interval that only
 * touches `from` or `to` is not included. One read, bounded by the people and the days.
 */
export async function findUnavailability(
  deps: { db: Kysely<DB>; timeZone: string },
  companyId: string,
  userIds: readonly string[],
  from: Date,
  to: Date,
): Promise<UnavailableSlot[]> {
  if (userIds.length === 0 || !(from.getTime() < to.getTime())) return [];
  // The day before: a night entry that began then reaches into `from`.
  const firstDay = dayKeyOf(new Date(from.getTime() - 86_400_000), deps.timeZone);
  const rows = await repository.listCovering(deps.db, companyId, [...new Set(userIds)], firstDay, dayKeyOf(to, deps.timeZone));
  const slots: UnavailableSlot[] = [];
  for (const row of rows) {
    const entry = present(row);
    const description = entry.note === '' ? describeUnavailability(entry) : `${describeUnavailability(entry)} (${entry.note})`;
    for (const interval of unavailableIntervals(entry, from, to, deps.timeZone)) {
      slots.push({ userId: row.user_id, unavailabilityId: row.id, start: interval.start, end: interval.end, description });
    }
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime() || a.userId.localeCompare(b.userId));
}

/** Per planned occurrence: the people unavailable during it, once per person and occurrence. */
export async function findUnavailableDuring(
  deps: { db: Kysely<DB>; timeZone: string },
  companyId: string,
  userIds: readonly string[],
  occurrences: ReadonlyArray<{ start: Date; end: Date }>,
): Promise<Array<{ userId: string; occurrence: { start: Date; end: Date }; slot: UnavailableSlot }>> {
  if (userIds.length === 0 || occurrences.length === 0) return [];
  const from = new Date(Math.min(...occurrences.map((occurrence) => occurrence.start.getTime())));
  const to = new Date(Math.max(...occurrences.map((occurrence) => occurrence.end.getTime())));
  const slots = await findUnavailability(deps, companyId, userIds, from, to);
  const found: Array<{ userId: string; occurrence: { start: Date; end: Date }; slot: UnavailableSlot }> = [];
  for (const occurrence of occurrences) {
    const seen = new Set<string>();
    for (const slot of slots) {
      if (seen.has(slot.userId) || !(slot.start.getTime() < occurrence.end.getTime() && slot.end.getTime() > occurrence.start.getTime())) continue;
      seen.add(slot.userId);
      found.push({ userId: slot.userId, occurrence, slot });
    }
  }
  return found;
}
