import { eventStatusAt } from '@jornada/shared/events';
import { DEFAULT_GEOFENCE_RADIUS_M, formatDistance, mapLinkOf } from '@jornada/shared/geo';
import type { Event } from '@jornada/shared/schemas/events';
import { MapPin, Play } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { OpenPlacesPanel } from '@/features/open-shifts/components/open-places-panel';
import { useAuth } from '@/lib/auth';
import { formatLongDateTime } from '../utils/event-dates';
import { useNow } from '../utils/use-now';
import { StaffAnswers } from './assignee-names';
import { EventStatusBadge } from './event-status-badge';

export interface EventDetailDialogProps {
  /** The event to show; the dialog is open while it is set. */
  event: Event | null;
  onOpenChange: (open: boolean) => void;
  /** Starts the clock-in timer for the event (clock-in issue). Without it, 'Iniciar Turno' is hidden. */
  onStartShift?: (eventId: string) => void;
  /** True while the viewer already has a running timer: 'Iniciar Turno' is disabled. */
  timerActive?: boolean;
}

/** Spec section 2 screen 2: the event detail dialog. */
export function EventDetailDialog({ event: openEvent, onOpenChange, onStartShift, timerActive = false }: EventDetailDialogProps) {
  const { role } = useAuth();
  // Keeps the last event on screen while the dialog closes, so it never renders empty.
  const [lastEvent, setLastEvent] = useState(openEvent);
  if (openEvent && openEvent !== lastEvent) setLastEvent(openEvent);
  const event = openEvent ?? lastEvent;
  const now = useNow(15_000, openEvent !== null);
  const status = event ? eventStatusAt(event, now) : null;
  const seesStaff = role === 'Administrador' || role === 'Supervisor';
  // Empleado and Supervisor, once the start has been reached and until the event ends.
  const canStart = (role === 'Empleado' || role === 'Supervisor') && onStartShift !== undefined && status === 'Activo';

  return (
    <Dialog open={openEvent !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {event && status && (
          <>
            <DialogHeader>
              <DialogTitle className="break-words">{event.name}</DialogTitle>
              <DialogDescription className="flex items-start gap-1.5">
                <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span className="break-words">{event.location}</span>
              </DialogDescription>
            </DialogHeader>
            <div>
              <EventStatusBadge status={status} />
            </div>
            <dl className="grid gap-3 text-sm">
              <div>
                <dt className="font-semibold">Inicio</dt>
                <dd className="text-muted-foreground">{formatLongDateTime(event.date)}</dd>
              </div>
              {event.endDate && (
                <div>
                  <dt className="font-semibold">Fin</dt>
                  <dd className="text-muted-foreground">{formatLongDateTime(event.endDate)}</dd>
                </div>
              )}
              {seesStaff && event.geoLat !== null && event.geoLng !== null && (
                <div>
                  <dt className="font-semibold">Ubicación del fichaje</dt>
                  <dd className="text-muted-foreground">
                    Radio de {formatDistance(event.geoRadiusM ?? DEFAULT_GEOFENCE_RADIUS_M)} ·{' '}
                    <a href={mapLinkOf({ lat: event.geoLat, lng: event.geoLng })} target="_blank" rel="noreferrer noopener" className="text-primary underline-offset-4 hover:underline">
                      Ver en el mapa<span className="sr-only"> (se abre en otra pestaña)</span>
                    </a>
                  </dd>
                </div>
              )}
              {seesStaff && (
                <div>
                  <dt className="mb-1.5 font-semibold">Personal asignado</dt>
                  <dd>
                    <StaffAnswers event={event} />
                  </dd>
                </div>
              )}
            </dl>
            {seesStaff && <OpenPlacesPanel eventId={event.id} />}
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cerrar</Button>
              </DialogClose>
              {canStart && (
                <Button
                  disabled={timerActive}
                  aria-describedby={timerActive ? 'event-timer-active' : undefined}
                  onClick={() => {
                    onStartShift(event.id);
                    onOpenChange(false);
                  }}
                >
                  <Play aria-hidden="true" />
                  Iniciar Turno
                </Button>
              )}
            </DialogFooter>
            {canStart && timerActive && (
              <p id="event-timer-active" className="-mt-2 text-sm text-muted-foreground sm:text-right">
                Ya tienes un temporizador en curso.
              </p>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
