import { formatLocation } from '@jornada/shared/format';
import type { GeoLocation } from '@jornada/shared/schemas/time-records';
import { MapPin } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';

function accuracyText(location: GeoLocation | null): string | null {
  if (!location || typeof location.accuracy !== 'number' || !Number.isFinite(location.accuracy)) return null;
  return `Precisión: ± ${Math.round(location.accuracy).toLocaleString('es-ES')} m`;
}

function Place({ title, location }: { title: string; location: GeoLocation | null }) {
  const accuracy = accuracyText(location);
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</dt>
      <dd className="font-mono text-sm">{formatLocation(location)}</dd>
      {accuracy && <dd className="text-xs text-muted-foreground">{accuracy}</dd>}
    </div>
  );
}

interface LocationPopoverProps {
  startLocation: GeoLocation | null;
  endLocation: GeoLocation | null;
  /** Who and where, for the button's accessible name. */
  subject: string;
}

/** The start and end geolocation of a record (4 decimals, or 'Ubicación no disponible'). */
export function LocationPopover({ startLocation, endLocation, subject }: LocationPopoverProps) {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Ubicación: ${subject}`}>
          <MapPin aria-hidden="true" />
          Ubicación
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-64" aria-label={`Ubicación: ${subject}`}>
        <dl className="flex flex-col gap-3">
          <Place title="Inicio" location={startLocation} />
          <Place title="Fin" location={endLocation} />
        </dl>
      </PopoverContent>
    </Popover>
  );
}
