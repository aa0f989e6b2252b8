import { dayKeyOf } from '@jornada/shared/events';
import { usePlanAvailability, type AssignmentPlan } from '../api/get-assignee-availability';
import { assigneeStateLines } from '../utils/assignee-state-lines';

interface SelectedStaffStatesProps {
  value: readonly string[];
  plan: AssignmentPlan | undefined;
  nameOf: (id: string) => string;
  enabled: boolean;
}

/**
 * Under 'Personal asignado': the chosen people whose state needs attention for the times as typed
 * (on vacation, booked elsewhere, over a rule). Follows every change of the start and the end,
 * so moving the event after choosing the staff shows what changed before saving.
 */
export function SelectedStaffStates({ value, plan, nameOf, enabled }: SelectedStaffStatesProps) {
  const availability = usePlanAvailability(plan, enabled && value.length > 0);
  const data = availability.query.data;
  if (!data || !availability.plan || value.length === 0) return null;
  const plannedDay = availability.plan.type === 'momentary' ? dayKeyOf(availability.plan.date) : null;
  const chosen = new Set(value);
  const notes = data.employees
    .filter((state) => chosen.has(state.userId))
    .map((state) => ({ userId: state.userId, lines: assigneeStateLines(state, plannedDay) }))
    .filter((note) => note.lines.length > 0);
  if (notes.length === 0) return null;
  return (
    <ul aria-label="Avisos del personal asignado" className="flex flex-col gap-1 text-xs">
      {notes.map((note) => (
        <li key={note.userId} className={note.lines[0]!.kind === 'warning' ? 'text-amber-800' : 'text-destructive'}>
          <span className="font-semibold">{nameOf(note.userId)}</span>: {note.lines.map((line) => line.text).join(' · ')}
        </li>
      ))}
    </ul>
  );
}
