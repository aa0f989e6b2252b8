import { formatLongDate, formatTime } from '@jornada/shared/format';
import type { TimeRecord } from '@jornada/shared/schemas/time-records';
import { Square } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { SinCierreNotice } from '@/features/corrections/components/sin-cierre-notice';
import { formatElapsed, useElapsedSeconds } from '../lib/elapsed';
import { TimerNotificationHint } from './timer-notification-hint';

interface RunningTimerProps {
  record: TimeRecord;
  onStop: () => void;
  isStopping: boolean;
}

/** The running timer: event, elapsed time from the server's start, and the big 'Detener'. */
export function RunningTimer({ record, onStop, isStopping }: RunningTimerProps) {
  const elapsed = useElapsedSeconds(record.startTime);
  return (
    <section aria-labelledby="running-timer-title" className="flex flex-col gap-4 rounded-xl bg-navy p-5 text-white shadow-sm sm:p-6">
      <div className="flex items-center gap-2">
        <span className="relative flex size-3" aria-hidden="true">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-green-400 opacity-75 motion-reduce:animate-none" />
          <span className="relative inline-flex size-3 rounded-full bg-green-400" />
        </span>
        <h2 id="running-timer-title" className="text-sm font-semibold tracking-wide text-blue-100 uppercase">
          Turno en curso
        </h2>
      </div>
      <p className="text-xl font-semibold break-words">{record.eventName ?? 'Evento Desconocido'}</p>
      <p role="timer" aria-label="Tiempo transcurrido" className="text-5xl font-bold tracking-tight tabular-nums sm:text-6xl">
        {formatElapsed(elapsed)}
      </p>
      <p className="text-sm text-blue-100">
        Desde las {formatTime(record.startTime)} · {formatLongDate(record.startTime)}
      </p>
      {record.sinCierre ? (
        // A forgotten clock-out is closed only through a correction with the real time (registro).
        <SinCierreNotice record={record} />
      ) : (
        <Button variant="destructive" size="lg" className="w-full sm:w-auto sm:self-start sm:px-10" onClick={onStop} disabled={isStopping}>
          {isStopping ? <Spinner /> : <Square aria-hidden="true" className="fill-current" />}
          <span className="text-lg font-semibold">{isStopping ? 'Deteniendo...' : 'Detener'}</span>
        </Button>
      )}
      <TimerNotificationHint />
    </section>
  );
}
