import { busySlotLabel } from '@jornada/shared/double-booking';
import type { AssigneeAvailability } from '@jornada/shared/schemas/assignee-availability';

/** The picker's words for a person's state: 'De vacaciones', 'Ocupado: «Evento X» 10:00–14:00'. */
export function assigneeStateLines(state: AssigneeAvailability, plannedDay: string | null) {
  const lines: { kind: 'vacation' | 'busy' | 'warning'; text: string }[] = [];
  if (state.vacationDays.length > 0) {
    const days = state.vacationDays.length > 1 ? ` (${state.vacationDays.map((day) => day.split('-').reverse().slice(0, 2).join('/')).join(', ')})` : '';
    lines.push({ kind: 'vacation', text: `De vacaciones${days}` });
  }
  for (const slot of state.busy) lines.push({ kind: 'busy', text: `Ocupado: «${slot.eventName}» ${busySlotLabel(slot.date, slot.endDate, plannedDay)}` });
  if (state.busyCount > state.busy.length) lines.push({ kind: 'busy', text: `y ${state.busyCount - state.busy.length} eventos más a esa hora` });
  // Someone who cannot be assigned at all (vacation, another event) needs no working-time advice.
  if (lines.length > 0) return lines;
  for (const warning of state.warnings) lines.push({ kind: 'warning', text: warning });
  if (state.warningCount > state.warnings.length) lines.push({ kind: 'warning', text: `y ${state.warningCount - state.warnings.length} avisos más` });
  return lines;
}
