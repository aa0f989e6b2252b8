import type { StartTimerRequest, TimeRecord } from '@jornada/shared/schemas/time-records';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { invalidateTimeRecordViews } from '@/lib/time-records/invalidate-time-records';
import { checkClockInPermissions } from '../lib/clock-in-permissions';
import { showClockInError } from '../lib/clock-in-errors';
import { notify } from '../lib/notifications';
import { timeRecordKeys } from './query-keys';

/**
 * POST /time-records/start. The caller turns failures into the spec's toasts (their titles
 * depend on the error code), so the client's generic toast is switched off.
 */
export function startTimer(body: StartTimerRequest): Promise<TimeRecord> {
  return api.post<TimeRecord>('/time-records/start', body, { toastOnError: false });
}

const startMutationKey = [...timeRecordKeys.all, 'start'] as const;

/** Asks for the permissions and the location, then clocks in: the server's clock sets the time. */
async function startShift(eventId: string): Promise<TimeRecord> {
  const location = await checkClockInPermissions();
  return startTimer({ eventId, location });
}

/**
 * Clock in to an event, from the panel or the event dialog. `startShift` resolves to whether the
 * timer started. `isStarting` is shared by every caller, so no second start can be tapped meanwhile.
 */
export function useStartShift() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: startMutationKey,
    mutationFn: startShift,
    onSuccess: (record) => {
      queryClient.setQueryData(timeRecordKeys.active(), record);
      const where = record.eventName ? `Turno en «${record.eventName}».` : undefined;
      toast({ title: 'Temporizador iniciado', description: where });
      notify('Temporizador iniciado', where);
    },
    onError: (error) => showClockInError(error, 'start'),
    // Also after a refusal: 'Temporizador activo' means another device started one, which should now show.
    onSettled: () => invalidateTimeRecordViews(queryClient),
  });
  // Set in the tap's own event handler, so 'Iniciando...' is drawn in the tap's frame: the mutation's
  // state reaches React a task later (TanStack Query notifies on a timeout), 50–100 ms on a slow
  // phone (issue 24, item 6; `npm run tap-feedback`).
  const [tapped, setTapped] = useState<string>();
  const isStarting = useIsMutating({ mutationKey: startMutationKey }) > 0 || tapped !== undefined;
  const { mutateAsync } = mutation;
  // Stable, so the overview calendar that receives it (memoised) does not redraw on every render.
  const startShiftOf = useCallback(
    (eventId: string) => {
      setTapped(eventId);
      return mutateAsync(eventId)
        .then(
          () => true,
          () => false,
        )
        .finally(() => setTapped(undefined));
    },
    [mutateAsync],
  );
  return {
    startShift: startShiftOf,
    isStarting,
    /** The event being started by this caller, to put the spinner on the right button. */
    startingEventId: tapped ?? (mutation.isPending ? mutation.variables : undefined),
  };
}
