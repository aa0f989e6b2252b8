import { formatDuration } from '@jornada/shared/format';
import type { StopTimerRequest, TimeRecord } from '@jornada/shared/schemas/time-records';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/auth';
import type { QueuedPunch } from '@/lib/offline-punches/queue';
import { invalidateTimeRecordViews } from '@/lib/time-records/invalidate-time-records';
import { getClockOutLocation } from '../lib/clock-in-permissions';
import { showClockInError } from '../lib/clock-in-errors';
import { notify } from '../lib/notifications';
import { isConnectionFailure, isOffline, queuePunch } from '../lib/offline-punches';
import { timeRecordKeys } from './query-keys';

/** POST /time-records/:id/stop; failures are shown by the caller, as for the start. */
export function stopTimer(recordId: string, body: StopTimerRequest): Promise<TimeRecord> {
  return api.post<TimeRecord>(`/time-records/${encodeURIComponent(recordId)}/stop`, body, { toastOnError: false });
}

const stopMutationKey = [...timeRecordKeys.all, 'stop'] as const;

/** What 'Detener' stops: a record the server has, or a clock-in still queued on the phone. */
export type StopTarget = { recordId: string; eventName?: string | null } | { startClientId: string; eventName?: string | null };

type StopOutcome = { record: TimeRecord; queued?: undefined } | { record?: undefined; queued: QueuedPunch };

/**
 * Clock out of the running timer: the end location, then the server's end time and duration.
 * Without connection (or for a clock-in that is itself still queued) the clock-out is queued.
 */
export function useStopShift() {
  const queryClient = useQueryClient();
  const { user } = useCurrentSession();
  const stopShift = async (target: StopTarget): Promise<StopOutcome> => {
    const location = await getClockOutLocation();
    const queue = () => queuePunch({ userId: user.id, kind: 'salida', location, eventName: target.eventName, ...target });
    if ('startClientId' in target || isOffline()) return { queued: await queue() };
    try {
      return { record: await stopTimer(target.recordId, { location }) };
    } catch (error) {
      if (!isConnectionFailure(error)) throw error;
      return { queued: await queue() };
    }
  };
  const mutation = useMutation({
    mutationKey: stopMutationKey,
    // Offline too: the punch is then queued on the phone (TanStack Query would pause it instead).
    networkMode: 'always',
    mutationFn: stopShift,
    onSuccess: ({ record, queued }) => {
      if (queued) {
        toast({ title: 'Salida guardada en el teléfono', description: 'Pendiente de enviar: se enviará sola cuando vuelva la conexión.' });
        return;
      }
      queryClient.setQueryData(timeRecordKeys.active(), null);
      const duration = `Duración: ${formatDuration(record.duration)}`;
      toast({ title: 'Temporizador detenido', description: duration });
      notify('Temporizador detenido', duration);
    },
    onError: (error) => showClockInError(error, 'stop'),
    onSettled: (outcome) => (outcome?.queued ? undefined : invalidateTimeRecordViews(queryClient)),
  });
  return {
    stopShift: (target: StopTarget) => mutation.mutate(target),
    isStopping: useIsMutating({ mutationKey: stopMutationKey }) > 0,
  };
}
