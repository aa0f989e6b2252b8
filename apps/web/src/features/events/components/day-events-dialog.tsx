import { dayKeyOf } from '@jornada/shared/events';
import type { Event } from '@jornada/shared/schemas/events';
import { ChevronRight, Clock, MapPin } from 'lucide-react';
import { useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { longDayName } from '@/lib/calendar-days';
import { formatEventRange, formatTimeRange } from '../utils/event-dates';

export interface DayEvents {
  day: Date;
  events: Event[];
}

interface DayEventsDialogProps {
  /** The day and its events; the dialog is open while it is set. */
  value: DayEvents | null;
  onOpenChange: (open: boolean) => void;
  onChoose: (event: Event) => void;
}

/** The times of an event as seen from one day: '09:00 – 17:00', or both dates when it spans days. */
function timesOf(event: Event): string {
  return dayKeyOf(event.date) === dayKeyOf(event.endDate) ? formatTimeRange(event) : formatEventRange(event);
}

/**
 * A day with more than one event: the list to choose from (name, times, place); choosing one
 * opens its detail, as a day with a single event does at once.
 */
export function DayEventsDialog({ value, onOpenChange, onChoose }: DayEventsDialogProps) {
  // Keeps the last day on screen while the dialog closes, so it never renders empty.
  const [last, setLast] = useState(value);
  if (value && value !== last) setLast(value);
  const shown = value ?? last;

  return (
    <Dialog open={value !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {shown && (
          <>
            <DialogHeader>
              <DialogTitle className="first-letter:uppercase">{longDayName(shown.day)}</DialogTitle>
              <DialogDescription>{shown.events.length} eventos este día. Elige uno para ver su detalle.</DialogDescription>
            </DialogHeader>
            <ul className="flex flex-col gap-2" aria-label="Eventos del día">
              {shown.events.map((event) => (
                <li key={event.id}>
                  <button
                    type="button"
                    onClick={() => onChoose(event)}
                    className="flex min-h-11 w-full items-center gap-3 rounded-lg border border-border bg-card p-3 text-left transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block font-semibold break-words">{event.name}</span>
                      <span className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground tabular-nums">
                        <Clock className="size-4 shrink-0" aria-hidden="true" />
                        {timesOf(event)}
                      </span>
                      <span className="mt-0.5 flex items-start gap-1.5 text-sm break-words text-muted-foreground">
                        <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                        {event.location}
                      </span>
                    </span>
                    <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
