import { describeUnavailability, type Unavailability } from '@jornada/shared/schemas/availability';
import { CalendarOff, Repeat, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

interface UnavailabilityListProps {
  items: readonly Unavailability[];
  /** Own entries can be removed; a supervisor's view is read-only. */
  onDelete?: (item: Unavailability) => void;
  emptyText: string;
}

/** The entries, dates first, each as it reads ('Cada martes, 18:00–23:00') with its note. */
export function UnavailabilityList({ items, onDelete, emptyText }: UnavailabilityListProps) {
  if (items.length === 0) return <EmptyState>{emptyText}</EmptyState>;
  return (
    <ul className="flex flex-col divide-y divide-border rounded-md border border-border bg-card" aria-label="Periodos de no disponibilidad">
      {items.map((item) => {
        const text = describeUnavailability(item);
        const Icon = item.kind === 'weekly' ? Repeat : CalendarOff;
        return (
          <li key={item.id} className="flex items-center gap-3 p-3">
            <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">{text}</p>
              {item.note && <p className="text-sm break-words text-muted-foreground">{item.note}</p>}
            </div>
            {onDelete && (
              <Button type="button" variant="ghost" size="icon" aria-label={`Quitar ${text}`} onClick={() => onDelete(item)}>
                <Trash2 aria-hidden="true" />
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
