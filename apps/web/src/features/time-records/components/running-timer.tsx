import { formatLongDate, formatTime } from '@jornada/shared/format';
import type { TimeRecord } from '@jornada/shared/schemas/time-records';
import { CloudOff, Square } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { SinCierreNotice } from '@/features/corrections/components/sin-cierre-notice';
import { formatElapsed, useElapsedSeconds } from '../lib/elapsed';
import { TimerNotificationHint } from './timer-notification-hint';

interface RunningTimerProps {
  /** The server's record, or the shift started offline whose clock-in is still queued. */
  record: Pick<TimeRecord, 'eventName' | 'startTime'>;
  /** The server's record when it is 'Sin cierre' (closed only through a correction). */
  sinCierreRecord?: TimeRecord;
  /** The clock-in waits on the phone: 'Pendiente de enviar'. */
  pending?: boolean;
  onStop: () => void;
  isStopping: boolean;
}

/** 'Pendiente de enviar': a punch made without connection, still on the phone. */
export function PendingMark({ className }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-950 ${className ?? ''}`}>
      <CloudOff aria-hidden="true" className="size-3.5" />
      Pendiente de enviar
    </span>
  );
}

/**
 * The running timer: event, elapsed time from the server's start, and the big 'Detener'. 'Detener'
 * asks first: a mis-tap on a phone in a pocket would otherwise end the shift (issue 24, item 6).
 */
export function RunningTimer({ record, sinCierreRecord, pending, onStop, isStopping }: RunningTimerProps) {
  const elapsed = useElapsedSeconds(record.startTime);
  const [confirming, setConfirming] = useState(false);
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
        {pending && <PendingMark className="ml-auto" />}
      </div>
      <p className="text-xl font-semibold break-words">{record.eventName ?? 'Evento Desconocido'}</p>
      <p role="timer" aria-label="Tiempo transcurrido" className="text-5xl font-bold tracking-tight tabular-nums sm:text-6xl">
        {formatElapsed(elapsed)}
      </p>
      <p className="text-sm text-blue-100">
        Desde las {formatTime(record.startTime)} · {formatLongDate(record.startTime)}
      </p>
      {sinCierreRecord?.sinCierre ? (
        // A forgotten clock-out is closed only through a correction with the real time (registro).
        <SinCierreNotice record={sinCierreRecord} />
      ) : (
        <Button variant="destructive" size="lg" className="w-full sm:w-auto sm:self-start sm:px-10" onClick={() => setConfirming(true)} disabled={isStopping}>
          {isStopping ? <Spinner /> : <Square aria-hidden="true" className="fill-current" />}
          <span className="text-lg font-semibold">{isStopping ? 'Deteniendo...' : 'Detener'}</span>
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="¿Terminar el turno?"
        description={<p>Se registrará tu salida de {record.eventName ?? 'este evento'} con la hora de ahora.</p>}
        confirmLabel="Terminar turno"
        onConfirm={() => {
          setConfirming(false);
          onStop();
        }}
      />
      <TimerNotificationHint />
    </section>
  );
}
