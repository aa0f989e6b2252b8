import type { Event } from '@jornada/shared/schemas/events';
import { MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { EventStatusBadge } from './event-status-badge';

interface EventCardProps {
  event: Event;
  /** Lines under the location: dates, times, staff. */
  children: ReactNode;
}

/** An event as a card: name and status badge, location, then the screen's own details. */
export function EventCard({ event, children }: EventCardProps) {
  const titleId = `event-card-${event.id}`;
  return (
    <Card role="article" aria-labelledby={titleId} className="flex h-full flex-col gap-3 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="min-w-0 font-semibold break-words">
          {event.name}
        </h2>
        <EventStatusBadge status={event.status} />
      </div>
      <p className="-mt-1 flex items-start gap-1.5 text-sm text-muted-foreground">
        <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span className="sr-only">Ubicación: </span>
        <span className="break-words">{event.location}</span>
      </p>
      {children}
    </Card>
  );
}

/** A term and its value inside an event card. */
export function EventDetail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="text-sm">
      <dt className="font-medium">{term}</dt>
      <dd className="text-muted-foreground">{children}</dd>
    </div>
  );
}
