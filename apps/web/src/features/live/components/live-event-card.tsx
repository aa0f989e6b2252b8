import { formatTime } from '@jornada/shared/format';
import type { LiveEvent } from '@jornada/shared/schemas/live';
import { Clock, MapPin } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { PersonRow } from './person-row';

/** One shift: under way or about to start, its place and times, and everyone assigned to it. */
export function LiveEventCard({ event, graceMinutes, companyName }: { event: LiveEvent; graceMinutes: number; companyName?: string }) {
  const headingId = `live-event-${event.id}`;
  return (
    <Card className="flex flex-col p-4 sm:p-5" aria-labelledby={headingId} role="region">
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="text-lg leading-tight font-semibold">
          {event.name}
        </h2>
        <Badge variant={event.status === 'Activo' ? 'success' : 'warning'}>{event.status === 'Activo' ? 'En curso' : 'Próximo'}</Badge>
      </div>
      {companyName && <p className="mt-1 text-sm font-medium text-muted-foreground">{companyName}</p>}
      <dl className="mt-2 flex flex-col gap-1 text-sm text-muted-foreground sm:flex-row sm:flex-wrap sm:gap-x-4">
        <div>
          <dt className="sr-only">Horario</dt>
          <dd className="flex items-center gap-1.5">
            <Clock className="size-4 shrink-0" aria-hidden="true" />
            {formatTime(event.startTime)} – {formatTime(event.endTime)}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="sr-only">Ubicación</dt>
          <dd className="flex min-w-0 items-center gap-1.5">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{event.location}</span>
          </dd>
        </div>
      </dl>
      {event.people.length === 0 ? (
        <p className="mt-3 border-t border-border pt-3 text-sm text-muted-foreground">Nadie asignado a este turno.</p>
      ) : (
        <ul className="mt-3 divide-y divide-border border-t border-border" aria-label={`Personal de ${event.name}`}>
          {event.people.map((person) => (
            <PersonRow key={person.userId} person={person} event={event} graceMinutes={graceMinutes} />
          ))}
        </ul>
      )}
    </Card>
  );
}
