import type { Kysely } from 'kysely';
import { dayKeyOf } from '@jornada/shared/events';
import type { WorkingTimeWarning } from '@jornada/shared/schemas/registro';
import { breaksCausedBy, type WorkInterval } from '@jornada/shared/working-time';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/authorization';
import { AppError } from '../../lib/errors';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { registroRecordWindow } from './registro-document';
import { findRegistroWorkers, findWorkingTimeRules, listPlanningSources } from './registro.repository';

/** At most this many warnings travel in one answer (a year-long constant event can break a rule daily). */
export const MAX_LISTED_WARNINGS = 50;
/** An open record (a forgotten clock-out) counts as worked up to now, never more than this. */
const OPEN_RECORD_CAP_MS = 12 * 3_600_000;

export interface AssignmentPlan {
  companyId: string;
  eventName: string;
  /** The people whose assignment is new (or whose event moved). */
  userIds: readonly string[];
  /** The planned occurrences (one, or one per day of a constant event). */
  occurrences: ReadonlyArray<{ start: Date; end: Date }>;
  /** The event being edited: its current plan is replaced, not added. */
  excludeEventId?: string;
  /** The supervisor saw the warnings and chose 'Asignar igualmente'. */
  acknowledged: boolean;
}

export interface PlanningDeps {
  db: Kysely<DB>;
  now: Date;
  timeZone: string;
}

/** The last day 'yyyy-MM-dd' of the month of `day`. */
function endOfMonth(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/**
 * The warnings an assignment causes, per person: worked records and other assigned, still-to-come
 * events of the same company from the 1st of January (the year's overtime) to the end of the last
 * planned month (its monthly cap), two reads bounded by the people and that window.
 */
export async function findAssignmentWarnings(deps: PlanningDeps, plan: AssignmentPlan): Promise<WorkingTimeWarning[]> {
  const userIds = [...new Set(plan.userIds)];
  if (userIds.length === 0 || plan.occurrences.length === 0) return [];
  const starts = plan.occurrences.map((occurrence) => occurrence.start.getTime());
  const ends = plan.occurrences.map((occurrence) => occurrence.end.getTime());
  const firstDay = dayKeyOf(new Date(Math.min(...starts)), deps.timeZone);
  const lastDay = dayKeyOf(new Date(Math.max(...ends) + 2 * 86_400_000), deps.timeZone);
  const window = registroRecordWindow(firstDay, endOfMonth(lastDay), deps.timeZone);
  const rules = await findWorkingTimeRules(deps.db, plan.companyId);
  const sources = await listPlanningSources(deps.db, plan.companyId, userIds, window);
  const names = new Map((await findRegistroWorkers(deps.db, userIds)).map((worker) => [worker.id, worker.name]));
  const now = deps.now.getTime();

  const planned: WorkInterval[] = plan.occurrences.map((occurrence, index) => ({
    id: `plan-${index}`,
    start: occurrence.start.toISOString(),
    end: occurrence.end.toISOString(),
    planned: true,
  }));
  const warnings: WorkingTimeWarning[] = [];
  for (const userId of userIds) {
    const records = sources.records.filter((record) => record.userId === userId);
    const clockedEvents = new Set(records.map((record) => record.eventId));
    const existing: WorkInterval[] = records.map((record) => ({
      id: record.id,
      start: record.start,
      end: record.end ?? new Date(Math.max(Date.parse(record.start), Math.min(now, Date.parse(record.start) + OPEN_RECORD_CAP_MS))).toISOString(),
    }));
    for (const event of sources.events) {
      // An event already clocked counts by its records; a past one never clocked was not worked.
      if (event.userId !== userId || event.id === plan.excludeEventId || clockedEvents.has(event.id) || Date.parse(event.end) <= now) continue;
      existing.push({ id: `evt-${event.id}`, start: event.start, end: event.end, planned: true });
    }
    for (const item of breaksCausedBy(existing, planned, rules, deps.timeZone)) {
      warnings.push({ userId, userName: names.get(userId) ?? userId, rule: item.rule, day: item.day, excessMinutes: item.excessMinutes, message: item.message });
    }
  }
  return warnings;
}

function describe(warnings: readonly WorkingTimeWarning[]): string {
  return warnings
    .slice(0, 10)
    .map((warning) => `${warning.userName} (${warning.day.split('-').reverse().join('/')}): ${warning.message}`)
    .join('; ')
    .concat(warnings.length > 10 ? ` y ${warnings.length - 10} más` : '');
}

/**
 * The assignment gate of issue 11 part 6: warnings refuse the change with a 409 listing them, unless
 * the supervisor acknowledged them, in which case the acknowledgement goes to the action log in the
 * caller's transaction.
 */
export async function enforceWorkingTimeRules(deps: PlanningDeps, actor: Actor, plan: AssignmentPlan): Promise<void> {
  const warnings = await findAssignmentWarnings(deps, plan);
  if (warnings.length === 0) return;
  if (!plan.acknowledged) {
    const first = warnings[0]!;
    throw new AppError(409, 'WORKING_TIME_WARNING', `La asignación incumple las normas de jornada: ${first.userName}, ${first.message}.`, {
      warnings: warnings.slice(0, MAX_LISTED_WARNINGS),
      warningCount: warnings.length,
    });
  }
  await appendActorAction(deps.db, actor, deps.now, {
    companyId: plan.companyId,
    kind: 'working-time.warning',
    message: `${actor.name} ha asignado igualmente «${plan.eventName}» pese a las normas de jornada: ${describe(warnings)}`,
  });
}
