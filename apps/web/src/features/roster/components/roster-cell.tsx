import type { RosterCell as Cell, RosterShift } from '@jornada/shared/schemas/roster';
import { Plus } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { longDayLabel } from '../utils/week';
import { ShiftChip } from './shift-chip';
import { UnavailableBadges } from './unavailable-badges';

interface RosterCellProps {
  cell: Cell;
  personName: string;
  /** A day before today takes no new assignment. */
  past: boolean;
  /** The month grid: narrow columns, chips with the start time only. */
  compact?: boolean;
  onAssign: () => void;
  /** In the grid: chips open the grid's shared details panel (ShiftChip). */
  onOpenDetails?: (shift: RosterShift, trigger: HTMLElement) => void;
  /** The event whose details are open in that panel, if it is in this cell. */
  openEventId?: string | null;
}

/** A person's day: their events, a vacation, when they cannot work, and the button that assigns them (the whole cell when empty). */
export function RosterCellContent({ cell, personName, past, compact = false, onAssign, onOpenDetails, openEventId = null }: RosterCellProps) {
  const empty = cell.shifts.length === 0;
  // Only days still to come take an assignment (and need the day's long name).
  const label = past ? '' : `Asignar a ${personName} el ${longDayLabel(cell.date)}`;
  return (
    <div className={cn('flex h-full flex-col gap-1', compact ? 'min-h-10' : 'min-h-14')}>
      {cell.vacation && (
        <Badge variant="success" className={compact ? 'justify-center px-0.5 text-[10px]' : 'self-start'} title="Vacaciones">
          {compact ? 'Vac.' : 'Vacaciones'}
        </Badge>
      )}
      <UnavailableBadges slots={cell.unavailable} compact={compact} />
      {cell.shifts.map((shift) => (
        <ShiftChip key={shift.eventId} shift={shift} compact={compact} onOpenDetails={onOpenDetails} detailsOpen={openEventId === shift.eventId} />
      ))}
      {!past && (
        <button
          type="button"
          onClick={onAssign}
          aria-label={label}
          title={label}
          className={cn(
            'flex items-center justify-center rounded border border-dashed border-transparent text-muted-foreground transition-colors hover:border-input hover:bg-accent hover:text-foreground focus-visible:border-ring focus-visible:outline-none',
            empty ? (compact ? 'min-h-9 flex-1' : 'min-h-12 flex-1') : compact ? 'h-4' : 'h-6',
          )}
        >
          <Plus className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
