import type { ClockableEvent, StartTimerRequest, TimeRecord } from '@jornada/shared/schemas/time-records';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/auth';
import type { QueuedPunch } from '@/lib/offline-punches/queue';
import { invalidateTimeRecordViews } from '@/lib/time-records/invalidate-time-records';
import { checkClockInPermissions } from '../lib/clock-in-permissions';
import { showClockInError } from '../lib/clock-in-errors';
import { isVenueCodeRefusal } from '../lib/venue-code-refusal';
import { notify } from '../lib/notifications';
import { isConnectionFailure, isOffline, queuePunch } from '../lib/offline-punches';
import { timeRecordKeys } from './query-keys';

/**
 * POST /time-records/start. The caller turns failures into the spec's toasts (their titles
 * depend on the error code), so the client's generic toast is switched off.
 */
export function startTimer(body: StartTimerRequest): Promise<TimeRecord> {
  return api.post<TimeRecord>('/time-records/start', body, { toastOnError: false });
}

const startMutationKey = [...timeRecordKeys.all, 'start'] as const;

/** A clock-in the server took, or one queued on the phone without connection (issue 24). */
type StartOutcome = { record: TimeRecord; queued?: undefined } | { record?: undefined; queued: QueuedPunch };

export const QUEUED_TITLE = 'Fichaje guardado en el teléfono';
export const QUEUED_DESCRIPTION = 'Pendiente de enviar: se enviará solo cuando vuelva la conexión.';

/** The event, and the venue code when the event asks for it (decision 040). */
interface ShiftStart {
  eventId: string;
  venueCode?: string;
}

/** What a start came to: the venue-code dialog shows a refusal of the code itself. */
export type ShiftStartOutcome = { started: true } | { started: false; error: unknown };

/**
 * Clock in to an event, from the panel or the event dialog. `startShift` resolves to whether the
 * timer started or was queued (and why not). `isStarting` is shared by every caller, so no second start can be tapped meanwhile.
 */
/** Resolves once the browser has drawn the next frame (a task after its animation frame). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

export function useStartShift() {
  const queryClient = useQueryClient();
  const { user } = useCurrentSession();
  /**
   * Asks for the permissions and the location, then clocks in: the server's clock sets the time.
   * Without connection the punch is queued instead, with the phone's and the anchored server time.
   */
  const startShift = async ({ eventId, venueCode }: ShiftStart): Promise<StartOutcome> => {
    const location = await checkClockInPermissions();
    const queue = () => {
      const event = queryClient.getQueryData<ClockableEvent[]>(timeRecordKeys.clockInShifts())?.find((item) => item.id === eventId);
      return queuePunch({ userId: user.id, kind: 'entrada', eventId, location, eventName: event?.name ?? null, ...(venueCode ? { venueCode } : {}) });
    };
    if (isOffline()) return { queued: await queue() };
    try {
      return { record: await startTimer({ eventId, location, ...(venueCode ? { venueCode } : {}) }) };
    } catch (error) {
      if (!isConnectionFailure(error)) throw error;
      return { queued: await queue() };
    }
  };
  const mutation = useMutation({
    mutationKey: startMutationKey,
    // Offline too: the punch is then queued on the phone (TanStack Query would pause it instead).
    networkMode: 'always',
    mutationFn: startShift,
    onSuccess: ({ record, queued }) => {
      if (queued) {
        toast({ title: QUEUED_TITLE, description: QUEUED_DESCRIPTION });
        return;
      }
      queryClient.setQueryData(timeRecordKeys.active(), record);
      const where = record.eventName ? `Turno en «${record.eventName}».` : undefined;
      toast({ title: 'Temporizador iniciado', description: where });
      notify('Temporizador iniciado', where);
    },
    // A refused venue code is shown in its dialog (useVenueCodeGate), not as a toast.
    onError: (error) => !isVenueCodeRefusal(error) && showClockInError(error, 'start'),
    // Also after a refusal: 'Temporizador activo' means another device started one, which should now show.
    onSettled: (outcome) => (outcome?.queued ? undefined : invalidateTimeRecordViews(queryClient)),
  });
  // Set in the tap's own event handler, so 'Iniciando...' is drawn in the tap's frame: the mutation's
  // state reaches React a task later (TanStack Query notifies on a timeout), 50–100 ms on a slow
  // phone (issue 24, item 6; `npm run tap-feedback`).
  const [tapped, setTapped] = useState<string>();
  const isStarting = useIsMutating({ mutationKey: startMutationKey }) > 0 || tapped !== undefined;
  const { mutateAsync } = mutation;
  // Stable, so the overview calendar that receives it (memoised) does not redraw on every render.
  const startShiftOf = useCallback(
    (eventId: string, venueCode?: string): Promise<ShiftStartOutcome> => {
      setTapped(eventId);
      // Start the work after the frame that draws 'Iniciando...': the mutation's own bookkeeping
      // (its cache, the views that count running mutations) would otherwise render before that frame.
      return afterNextPaint()
        .then(() => mutateAsync({ eventId, venueCode }))
        .then(
          () => ({ started: true }) as const,
          (error: unknown) => ({ started: false, error }) as const,
        )
        .finally(() => setTapped(undefined));
    },
    [mutateAsync],
  );
  return {
    startShift: startShiftOf,
    isStarting,
    /** The event being started by this caller, to put the spinner on the right button. */
    startingEventId: tapped ?? (mutation.isPending ? mutation.variables?.eventId : undefined),
  };
}
