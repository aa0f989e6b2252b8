import type { RosterOpenEvent } from '@jornada/shared/schemas/roster';
import { GripVertical } from 'lucide-react';
import { longDayLabel, shortDayLabel } from '../utils/week';

/** The drag's payload type: only a drag that started here is accepted by a roster cell. */
export const ROSTER_EVENT_DRAG_TYPE = 'application/x-jornada-event';

interface DraggableEventsProps {
  /** The range's events that still take people, from today on. */
  events: readonly RosterOpenEvent[];
  onDragStart: (event: RosterOpenEvent) => void;
  onDragEnd: () => void;
}

/**
 * At a desk, the week's events with room as chips to drag onto a person's day (issue 27 item 1).
 * Dragging is a shortcut: clicking the day does the same (WCAG 2.5.7), so the chips are not
 * focusable controls of their own.
 */
export function DraggableEvents({ events, onDragStart, onDragEnd }: DraggableEventsProps) {
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="roster-drag-title" className="mb-4 rounded-md border bg-card p-3">
      <h2 id="roster-drag-title" className="text-sm font-semibold">
        Eventos con plazas
      </h2>
      <p className="mb-2 text-xs text-muted-foreground">Arrastra un evento al día de una persona para asignarla, o pulsa su hueco.</p>
      <ul className="flex flex-wrap gap-2" aria-label="Eventos con plazas para arrastrar">
        {events.map((event) => (
          <li
            key={event.id}
            draggable
            onDragStart={(drag) => {
              drag.dataTransfer.setData(ROSTER_EVENT_DRAG_TYPE, event.id);
              drag.dataTransfer.effectAllowed = 'copy';
              onDragStart(event);
            }}
            onDragEnd={onDragEnd}
            title={`${event.name}, ${longDayLabel(event.date)} ${event.start}–${event.end}`}
            className="flex cursor-grab items-center gap-1.5 rounded border bg-muted px-2 py-1 text-xs active:cursor-grabbing"
          >
            <GripVertical className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="font-medium">{event.name}</span>
            <span className="text-muted-foreground tabular-nums">
              {shortDayLabel(event.date).weekday} {shortDayLabel(event.date).day} · {event.start}–{event.end}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
