import { ROSTER_CONFLICT_LABELS, type RosterShift } from '@jornada/shared/schemas/roster';
import { TriangleAlert } from 'lucide-react';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/cn';

/**
 * One event of a roster cell: its local times and name; with conflicts, amber, their kinds named
 * on it, and their full reasons one click away. `compact` (the month grid): the start time only,
 * the rest one click away.
 */
export function ShiftChip({ shift, compact = false }: { shift: RosterShift; compact?: boolean }) {
  const kinds = [...new Set(shift.conflicts.map((conflict) => ROSTER_CONFLICT_LABELS[conflict.kind]))];
  const conflicted = shift.conflicts.length > 0;
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
  return (
    <Popover>
      <PopoverTrigger className={cn(base, tone, 'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none')} aria-label={label} title={compact ? label : undefined}>
        {body}
      </PopoverTrigger>
      <PopoverContent className="w-80 text-sm" align="start">
        <p className="font-semibold">
          {shift.name} · {shift.start}–{shift.end}
        </p>
        {conflicted ? (
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
      </PopoverContent>
    </Popover>
  );
}
