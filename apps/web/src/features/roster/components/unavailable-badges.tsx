import type { RosterCell } from '@jornada/shared/schemas/roster';
import { Badge } from '@/components/ui/badge';

/** 'todo el día' or '18:00–23:00'. */
function spanLabel(slot: RosterCell['unavailable'][number]): string {
  return slot.start === '00:00' && slot.end === '24:00' ? 'todo el día' : `${slot.start}–${slot.end}`;
}

/** The stretches of a day the person said they cannot work ('Mi Disponibilidad', decision 044). */
export function UnavailableBadges({ slots, compact = false }: { slots: RosterCell['unavailable']; compact?: boolean }) {
  return slots.map((slot) => (
    <Badge
      key={`${slot.start}-${slot.end}-${slot.description}`}
      variant="warning"
      className={compact ? 'justify-center px-0.5 text-[10px]' : 'self-start'}
      title={`No disponible: ${slot.description}`}
    >
      {compact ? 'No disp.' : `No disponible ${spanLabel(slot)}`}
    </Badge>
  ));
}
