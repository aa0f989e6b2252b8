import { formatDuration } from '@jornada/shared/format';
import type { StopTimerRequest, TimeRecord } from '@jornada/shared/schemas/time-records';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { invalidateTimeRecordViews } from '@/lib/time-records/invalidate-time-records';
import { getClockOutLocation } from '../lib/clock-in-permissions';
import { showClockInError } from '../lib/clock-in-errors';
import { notify } from '../lib/notifications';
import { timeRecordKeys } from './query-keys';

/** POST /time-records/:id/stop; failures are shown by the caller, as for the start. */
export function stopTimer(recordId: string, body: StopTimerRequest): Promise<TimeRecord> {
  return api.post<TimeRecord>(`/time-records/${encodeURIComponent(recordId)}/stop`, body, { toastOnError: false });
}

const stopMutationKey = [...timeRecordKeys.all, 'stop'] as const;

async function stopShift(recordId: string): Promise<TimeRecord> {
  const location = await getClockOutLocation();
  return stopTimer(recordId, { location });
}

/** Clock out of the running timer: the end location, then the server's end time and duration. */
export function useStopShift() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: stopMutationKey,
    mutationFn: stopShift,
    onSuccess: (record) => {
      queryClient.setQueryData(timeRecordKeys.active(), null);
      const duration = `Duración: ${formatDuration(record.duration)}`;
      toast({ title: 'Temporizador detenido', description: duration });
      notify('Temporizador detenido', duration);
    },
    onError: (error) => showClockInError(error, 'stop'),
    onSettled: () => invalidateTimeRecordViews(queryClient),
  });
  return {
    stopShift: (recordId: string) => mutation.mutate(recordId),
    isStopping: useIsMutating({ mutationKey: stopMutationKey }) > 0,
  };
}
