import { formatTime } from '@jornada/shared/format';
import { CircleExclamationPoint } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { dismissRefusal } from '@/lib/offline-punches/queue';
import { useActiveTimer } from '../api/get-active-timer';
import { useStopShift } from '../api/stop-timer';
import { useOfflinePunches, useOfflinePunchSync } from '../hooks/use-offline-punches';
import { pendingShiftState } from '../lib/offline-punches';
import { PendingMark, RunningTimer } from './running-timer';

/**
 * The running timer with 'Detener', or nothing when no shift runs. The overview puts it first,
 * above everything else: on a phone the guard must see the shift without scrolling. A shift
 * started or ended without connection shows with 'Pendiente de enviar' until the server has it.
 */
export function RunningShift() {
  const active = useActiveTimer();
  const { stopShift, isStopping } = useStopShift();
  const { pending } = useOfflinePunches();
  const { pendingStart, pendingStop } = pendingShiftState(pending);
  const record = active.data;

  // A clock-out queued for the server's running record (or for a clock-in queued before it).
  const stoppedOffline = pendingStop && (!record || pendingStop.request.recordId === record.id || pendingStop.request.startClientId);
  if (stoppedOffline && !pendingStart) {
    return (
      <section aria-labelledby="pending-stop-title" className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="pending-stop-title" className="text-sm font-semibold tracking-wide uppercase">
            Turno terminado
          </h2>
          <PendingMark />
        </div>
        <p className="text-lg font-semibold break-words">{pendingStop.eventName ?? record?.eventName ?? 'Evento Desconocido'}</p>
        <p className="text-sm">Salida a las {formatTime(pendingStop.request.phoneTime)}. Se enviará sola cuando vuelva la conexión.</p>
      </section>
    );
  }
  if (pendingStart && !record) {
    const start = pendingStart;
    return (
      <RunningTimer
        record={{ eventName: start.eventName ?? null, startTime: start.request.phoneTime }}
        pending
        onStop={() => stopShift({ startClientId: start.request.clientId, eventName: start.eventName })}
        isStopping={isStopping}
      />
    );
  }
  if (!record) return null;
  return <RunningTimer record={record} sinCierreRecord={record} onStop={() => stopShift({ recordId: record.id, eventName: record.eventName })} isStopping={isStopping} />;
}

/**
 * Sends the queue when the connection returns, and keeps every punch the server refused on screen
 * with its reason until the person reads it ('Fichaje no aceptado: …'): a refusal must never go
 * unnoticed, and the rest of the queue goes on.
 */
export function OfflinePunchNotices() {
  useOfflinePunchSync();
  const { refused } = useOfflinePunches();
  if (refused.length === 0) return null;
  return (
    <ul aria-label="Fichajes no aceptados" className="mb-4 flex flex-col gap-3">
      {refused.map((item) => (
        <li key={item.clientId} role="alert" className="flex items-start gap-3 rounded-lg border border-destructive/40 bg-red-50 px-4 py-3 text-red-950">
          <CircleExclamationPoint aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div className="flex-1">
            <p className="font-semibold">
              Fichaje no aceptado: {item.reason}
            </p>
            <p className="text-sm">
              {item.kind === 'entrada' ? 'Entrada' : 'Salida'}
              {item.eventName ? ` en «${item.eventName}»` : ''}, hecha sin conexión.
            </p>
          </div>
          <Button variant="outline" size="sm" onClick={() => void dismissRefusal(item.clientId)}>
            Entendido
          </Button>
        </li>
      ))}
    </ul>
  );
}
