import type { Event } from '@jornada/shared/schemas/events';
import { CalendarClock, MapPin, Users } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { formatEventRange } from '../utils/event-dates';
import { AssigneeSummary, StaffAnswerCounts } from './assignee-names';
import { EventActions, type EventAction } from './event-actions';
import { EventStatusBadge } from './event-status-badge';

interface ManagedEventCardProps {
  event: Event;
  showCompany: boolean;
  onAction: (action: EventAction, event: Event) => void;
}

/** Manage events on a phone: one card per event. */
export function ManagedEventCard({ event, showCompany, onAction }: ManagedEventCardProps) {
  return (
    <Card role="article" className="flex flex-col gap-3 p-4" aria-labelledby={`managed-${event.id}`}>
      <div className="flex items-start justify-between gap-3">
        <h2 id={`managed-${event.id}`} className="min-w-0 font-semibold break-words">
          {event.name}
        </h2>
        <EventStatusBadge status={event.status} />
      </div>
      <ul className="flex flex-col gap-1.5 text-sm">
        <li className="flex items-start gap-2">
          <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="sr-only">Ubicación: </span>
          <span className="break-words">{event.location}</span>
        </li>
        <li className="flex items-start gap-2 tabular-nums">
          <CalendarClock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="sr-only">Fecha: </span>
          {formatEventRange(event)}
        </li>
        <li className="flex items-start gap-2">
          <Users className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="sr-only">Personal: </span>
          <span className="min-w-0">
            <AssigneeSummary names={event.assignedEmployeeNames} />
            <StaffAnswerCounts event={event} />
          </span>
        </li>
        {showCompany && <li className="text-muted-foreground">{event.companyName}</li>}
      </ul>
      <EventActions event={event} onAction={onAction} />
    </Card>
  );
}
