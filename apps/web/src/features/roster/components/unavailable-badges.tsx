import type { RosterCell } from '@jornada/shared/schemas/roster';
import { Badge } from '@/components/ui/badge';

/** 'Todo el día' or '18:00–23:00'. */
function spanLabel(slot: RosterCell['unavailable'][number]): string {
  return slot.start === '00:00' && slot.end === '24:00' ? 'Todo el día' : `${slot.start}–${slot.end}`;
}

/**
 * The stretches of a day the person said they cannot work ('Mi Disponibilidad', decision 044): in
 * the month grid a short badge; in the week grid and the phone's list a block like a shift's, its
 * time on top, that wraps inside a narrow column.
 */
export function UnavailableBadges({ slots, compact = false }: { slots: RosterCell['unavailable']; compact?: boolean }) {
  return slots.map((slot) => {
    const key = `${slot.start}-${slot.end}-${slot.description}`;
    const title = `No disponible: ${slot.description}`;
    if (compact) {
      return (
        <Badge key={key} variant="warning" className="justify-center px-0.5 text-[10px]" title={title}>
          No disp.
        </Badge>
      );
    }
    return (
      <div key={key} title={title} className="rounded border border-dashed border-yellow-500 bg-yellow-50 px-1.5 py-1 text-xs leading-tight text-yellow-900">
        <div className="tabular-nums">{spanLabel(slot)}</div>
        <div className="font-medium">
          No disponible<span className="sr-only">: {slot.description}</span>
        </div>
      </div>
    );
  });
}
