import type { AssigneeAvailability } from '@jornada/shared/schemas/assignee-availability';
import { CalendarX2, CircleCheck, Clock, TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/cn';
import { assigneeStateLines } from '../utils/assignee-state-lines';

const icons = { vacation: CalendarX2, busy: Clock, warning: TriangleAlert };
const tones = { vacation: 'text-destructive', busy: 'text-destructive', warning: 'text-amber-800' };

interface AssigneeStateProps {
  state: AssigneeAvailability | undefined;
  /** The planned event's local day 'yyyy-MM-dd': a busy slot that day shows only its times. */
  plannedDay: string | null;
  className?: string;
}

/** One person's availability for the planned times, under their name in the picker. */
export function AssigneeState({ state, plannedDay, className }: AssigneeStateProps) {
  if (!state) return null;
  const lines = assigneeStateLines(state, plannedDay);
  if (lines.length === 0) {
    return (
      <span className={cn('flex items-center gap-1 text-xs text-green-800', className)}>
        <CircleCheck className="size-3.5 shrink-0" aria-hidden="true" />
        Disponible
      </span>
    );
  }
  return (
    <span className={cn('flex flex-col gap-0.5', className)}>
      {lines.map((line) => {
        const Icon = icons[line.kind];
        return (
          <span key={`${line.kind}-${line.text}`} className={cn('flex items-start gap-1 text-xs font-medium', tones[line.kind])}>
            <Icon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
            <span className="break-words">{line.text}</span>
          </span>
        );
      })}
    </span>
  );
}
