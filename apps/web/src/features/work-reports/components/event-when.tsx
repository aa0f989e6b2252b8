import { formatLongDate, formatTime } from '@jornada/shared/format';
import { CalendarDays, Clock, MapPin } from 'lucide-react';

interface EventWhenProps {
  startTime: string | null;
  endTime: string | null;
  location: string | null;
}

/** Date, time range and location of a report's event (spec screen 6), as a description list. */
export function EventWhen({ startTime, endTime, location }: EventWhenProps) {
  const rows = [
    { term: 'Fecha', icon: CalendarDays, value: startTime ? formatLongDate(startTime) : null },
    { term: 'Horario', icon: Clock, value: startTime && endTime ? `${formatTime(startTime)} – ${formatTime(endTime)}` : null },
    { term: 'Ubicación', icon: MapPin, value: location },
  ];
  return (
    <dl className="flex flex-col gap-1.5 text-sm">
      {rows.map(({ term, icon: Icon, value }) => (
        <div key={term} className="flex items-start gap-2">
          <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <dt className="sr-only">{term}</dt>
          <dd className="min-w-0 break-words first-letter:uppercase">{value ?? 'Desconocido'}</dd>
        </div>
      ))}
    </dl>
  );
}
