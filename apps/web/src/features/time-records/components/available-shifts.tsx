import { formatTime } from '@jornada/shared/format';
import type { ClockableEvent } from '@jornada/shared/schemas/time-records';
import { MapPin, Play } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

interface AvailableShiftsProps {
  shifts: ClockableEvent[];
  onStart: (eventId: string) => void;
  isStarting: boolean;
  startingEventId?: string;
}

/** The user's shifts under way, each with 'Iniciar Turno'. */
export function AvailableShifts({ shifts, onStart, isStarting, startingEventId }: AvailableShiftsProps) {
  return (
    <section aria-labelledby="available-shifts-title" className="rounded-xl border border-border bg-card p-5 shadow-sm sm:p-6">
      <h2 id="available-shifts-title" className="text-lg font-semibold">
        Turnos en curso
      </h2>
      {shifts.length === 0 ? (
        <p className="mt-2 text-muted-foreground">No tienes turnos en curso ahora mismo.</p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-border">
          {shifts.map((shift) => (
            <li key={shift.id} className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold break-words">{shift.name}</p>
                <p className="flex items-center gap-1 text-sm text-muted-foreground">
                  <MapPin aria-hidden="true" className="size-4 shrink-0" />
                  <span className="break-words">{shift.location}</span>
                </p>
                <p className="text-sm text-muted-foreground">
                  {formatTime(shift.date)} – {formatTime(shift.endDate)}
                </p>
              </div>
              <Button
                size="lg"
                className="w-full sm:w-auto"
                onClick={() => onStart(shift.id)}
                disabled={isStarting}
                aria-label={`Iniciar Turno: ${shift.name}`}
              >
                {startingEventId === shift.id ? <Spinner /> : <Play aria-hidden="true" className="fill-current" />}
                {startingEventId === shift.id ? 'Iniciando...' : 'Iniciar Turno'}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
