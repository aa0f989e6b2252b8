import type { Kysely } from 'kysely';
import { dayKeyOf } from '@jornada/shared/events';
import type { WorkingTimeWarning } from '@jornada/shared/schemas/registro';
import { breaksCausedBy, type WorkInterval } from '@jornada/shared/working-time';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/authorization';
import { AppError } from '../../lib/errors';
import { groupBy } from '../../lib/group-by';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { findUnavailableDuring } from '../availability/availability.service';
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

/** Decision 044: the warning's text when the person said they cannot work then. */
export const unavailableWarningMessage = (description: string) => `No está disponible: ${description}`;

type PlanningSources = Awaited<ReturnType<typeof listPlanningSources>>;

/** What the working-time check reads for a set of people over a window: the rules, their records and assigned events, their names. */
export interface PlanningContext {
  rules: Awaited<ReturnType<typeof findWorkingTimeRules>>;
  /** The records and assigned events, by person (one person's check does not scan everyone's). */
  recordsOf: Map<string, PlanningSources['records']>;
  eventsOf: Map<string, PlanningSources['events']>;
  names: Map<string, string>;
  now: number;
  timeZone: string;
}

/**
 * Reads the planning context of the people for occurrences between `first` and `last`: worked
 * records and other assigned, still-to-come events of the same company from the 1st of January
 * (the year's overtime) to the end of the last planned month (its monthly cap), two reads bounded
 * by the people and that window.
 */
export async function readPlanningContext(deps: PlanningDeps, companyId: string, userIds: readonly string[], first: Date, last: Date): Promise<PlanningContext> {
  const firstDay = dayKeyOf(first, deps.timeZone);
  const lastDay = dayKeyOf(new Date(last.getTime() + 2 * 86_400_000), deps.timeZone);
  const window = registroRecordWindow(firstDay, endOfMonth(lastDay), deps.timeZone);
  const rules = await findWorkingTimeRules(deps.db, companyId);
  const sources = await listPlanningSources(deps.db, companyId, userIds, window);
  const names = new Map((await findRegistroWorkers(deps.db, userIds)).map((worker) => [worker.id, worker.name]));
  return { rules, recordsOf: groupBy(sources.records, (row) => row.userId, (row) => row), eventsOf: groupBy(sources.events, (row) => row.userId, (row) => row), names, now: deps.now.getTime(), timeZone: deps.timeZone };
}

/** The rules one person's planned occurrences would break, given the context (pure). */
export function personWarnings(context: PlanningContext, userId: string, occurrences: ReadonlyArray<{ start: Date; end: Date }>, excludeEventId?: string): WorkingTimeWarning[] {
  const { now } = context;
  const planned: WorkInterval[] = occurrences.map((occurrence, index) => ({
    id: `plan-${index}`,
    start: occurrence.start.toISOString(),
    end: occurrence.end.toISOString(),
    planned: true,
  }));
  const records = context.recordsOf.get(userId) ?? [];
  const clockedEvents = new Set(records.map((record) => record.eventId));
  const existing: WorkInterval[] = records.map((record) => ({
    id: record.id,
    start: record.start,
    end: record.end ?? new Date(Math.max(Date.parse(record.start), Math.min(now, Date.parse(record.start) + OPEN_RECORD_CAP_MS))).toISOString(),
  }));
  for (const event of context.eventsOf.get(userId) ?? []) {
    // An event already clocked counts by its records; a past one never clocked was not worked.
    if (event.id === excludeEventId || clockedEvents.has(event.id) || Date.parse(event.end) <= now) continue;
    existing.push({ id: `evt-${event.id}`, start: event.start, end: event.end, planned: true });
  }
  const userName = context.names.get(userId) ?? userId;
  return breaksCausedBy(existing, planned, context.rules, context.timeZone).map((item) => ({
    userId,
    userName,
    rule: item.rule,
    day: item.day,
    excessMinutes: item.excessMinutes,
    message: item.message,
  }));
}

/** The warnings an assignment causes, per person (see readPlanningContext for what is read). */
export async function findAssignmentWarnings(deps: PlanningDeps, plan: AssignmentPlan): Promise<WorkingTimeWarning[]> {
  const userIds = [...new Set(plan.userIds)];
  if (userIds.length === 0 || plan.occurrences.length === 0) return [];
  const starts = plan.occurrences.map((occurrence) => occurrence.start.getTime());
  const ends = plan.occurrences.map((occurrence) => occurrence.end.getTime());
  const context = await readPlanningContext(deps, plan.companyId, userIds, new Date(Math.min(...starts)), new Date(Math.max(...ends)));
  const warnings = userIds.flatMap((userId) => personWarnings(context, userId, plan.occurrences, plan.excludeEventId));
  // Then, once per person and occurrence, the unavailability they marked that overlaps it (decision 044).
  for (const found of await findUnavailableDuring(deps, plan.companyId, userIds, plan.occurrences)) {
    warnings.push({
      userId: found.userId,
      userName: context.names.get(found.userId) ?? found.userId,
      rule: 'unavailable',
      day: dayKeyOf(found.occurrence.start, deps.timeZone),
      excessMinutes: 0,
      message: unavailableWarningMessage(found.slot.description),
    });
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
    const message =
      first.rule === 'unavailable'
        ? `${first.userName} ${first.message.charAt(0).toLowerCase()}${first.message.slice(1)}.`
        : `La asignación incumple las normas de jornada: ${first.userName}, ${first.message}.`;
    throw new AppError(409, 'WORKING_TIME_WARNING', message, {
      warnings: warnings.slice(0, MAX_LISTED_WARNINGS),
      warningCount: warnings.length,
    });
  }
  await appendActorAction(deps.db, actor, deps.now, {
    companyId: plan.companyId,
    kind: 'working-time.warning',
    message: `${actor.name} ha asignado igualmente «${plan.eventName}» pese a ${warnings.every((warning) => warning.rule === 'unavailable') ? 'la falta de disponibilidad' : 'las normas de jornada'}: ${describe(warnings)}`,
  });
}
