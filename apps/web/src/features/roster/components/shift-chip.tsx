import { ROSTER_CONFLICT_LABELS, type RosterShift } from '@jornada/shared/schemas/roster';
import { TriangleAlert } from 'lucide-react';
import { useMemo } from 'react';
import { Popover, PopoverAnchor, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/cn';

/** A chip whose details are shown by the grid's one shared panel (SharedShiftDetails). */
export interface ShiftDetailsTarget {
  shift: RosterShift;
  userId: string;
  /** The chip: the panel's anchor, and where focus returns when it closes. */
  trigger: HTMLElement;
  open: boolean;
}

interface ShiftChipProps {
  shift: RosterShift;
  compact?: boolean;
  /**
   * In the grid: the chip is a plain button and the grid's one panel shows the details. A Radix
   * popover per chip cost most of the month's drawing (decision 045, addendum); the phone's list
   * keeps its own.
   */
  onOpenDetails?: (shift: RosterShift, trigger: HTMLElement) => void;
  /** This chip's details are open in the shared panel. */
  detailsOpen?: boolean;
}

/**
 * One event of a roster cell: its local times and name; with conflicts, amber, their kinds named
 * on it, and their full reasons one click away. `compact` (the month grid): the start time only,
 * the rest one click away.
 */
export function ShiftChip({ shift, compact = false, onOpenDetails, detailsOpen = false }: ShiftChipProps) {
  const conflicted = shift.conflicts.length > 0;
  const kinds = conflicted ? [...new Set(shift.conflicts.map((conflict) => ROSTER_CONFLICT_LABELS[conflict.kind]))] : [];
  const label = `${shift.start}–${shift.end} ${shift.name}${shift.pending ? ' (pendiente de aceptar)' : ''}${conflicted ? `: ${kinds.join(', ')}. Ver conflictos` : ''}`;
  const body = compact ? (
    <span className="flex items-center justify-center gap-0.5 tabular-nums">
      {conflicted && <TriangleAlert className="size-3 shrink-0" aria-hidden="true" />}
      {shift.start}
      {shift.pending && <span aria-hidden="true">?</span>}
    </span>
  ) : (
    <>
      <span className="block text-[11px] tabular-nums text-muted-foreground">
        {shift.start}–{shift.end}
      </span>
      <span className="block font-medium break-words">{shift.name}</span>
      {shift.pending && <span className="block text-[11px] font-medium text-muted-foreground italic">Pendiente de aceptar</span>}
      {conflicted && (
        <span className="mt-0.5 flex items-start gap-1 text-[11px] font-medium text-amber-900">
          <TriangleAlert className="mt-px size-3 shrink-0" aria-hidden="true" />
          {kinds.join(' · ')}
        </span>
      )}
    </>
  );
  const base = cn('block w-full rounded border text-left leading-tight', compact ? 'px-0.5 py-0.5 text-[11px]' : 'px-1.5 py-1 text-xs');
  // Not yet accepted (decision 046): dashed, like a place still held open.
  const tone = shift.pending && !conflicted ? 'border-dashed border-primary/50 bg-background hover:bg-primary/5' : conflicted ? 'border-amber-400 bg-amber-50 text-amber-950 hover:bg-amber-100' : 'border-primary/30 bg-primary/5 hover:bg-primary/10';
  if (!conflicted && !compact) return <div className={cn(base, tone)}>{body}</div>;
  const triggerClass = cn(base, tone, 'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none');
  if (onOpenDetails) {
    return (
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={detailsOpen}
        className={triggerClass}
        aria-label={label}
        title={compact ? label : undefined}
        onClick={(event) => onOpenDetails(shift, event.currentTarget)}
      >
        {body}
      </button>
    );
  }
  return (
    <Popover>
      <PopoverTrigger className={triggerClass} aria-label={label} title={compact ? label : undefined}>
        {body}
      </PopoverTrigger>
      <PopoverContent className="w-80 text-sm" align="start">
        <ShiftDetails shift={shift} />
      </PopoverContent>
    </Popover>
  );
}

/** The event's name and times, and every conflict's full reason. */
function ShiftDetails({ shift }: { shift: RosterShift }) {
  return (
    <>
      <p className="font-semibold">
        {shift.name} · {shift.start}–{shift.end}
      </p>
      {shift.conflicts.length > 0 ? (
        <ul className="mt-2 flex flex-col gap-1.5" aria-label="Conflictos">
          {shift.conflicts.map((conflict, index) => (
            <li key={`${conflict.kind}-${index}`} className="leading-snug">
              <span className="font-medium">{ROSTER_CONFLICT_LABELS[conflict.kind]}:</span> {conflict.message}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-muted-foreground">Sin conflictos.</p>
      )}
    </>
  );
}

/**
 * The grid's one details panel, anchored on the chip that opened it: Escape or a click outside
 * closes it and focus goes back to that chip, as with a popover of its own. A click on the same
 * chip closes it (the grid toggles).
 */
export function SharedShiftDetails({ details, onClose }: { details: ShiftDetailsTarget | null; onClose: () => void }) {
  const anchor = useMemo(() => ({ current: details?.trigger ?? null }), [details]);
  return (
    <Popover open={details?.open ?? false} onOpenChange={(open) => !open && onClose()}>
      <PopoverAnchor virtualRef={anchor} />
      {details && (
        <PopoverContent
          className="w-80 text-sm"
          align="start"
          onInteractOutside={(event) => {
            // The chip's own click toggles the panel; closing it here first would reopen it.
            if (event.target instanceof Node && details.trigger.contains(event.target)) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (details.trigger.isConnected) details.trigger.focus();
          }}
        >
          <ShiftDetails shift={details.shift} />
        </PopoverContent>
      )}
    </Popover>
  );
}
