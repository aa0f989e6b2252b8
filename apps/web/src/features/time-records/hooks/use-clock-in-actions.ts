import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useActiveTimer } from '../api/get-active-timer';
import { clockInShiftsQueryOptions } from '../api/get-clock-in-shifts';
import { useStartShift } from '../api/start-timer';
import { useVenueCodeGate } from './use-venue-code-gate';
import { pendingShiftState } from '../lib/offline-punches';
import { useOfflinePunches } from './use-offline-punches';

/**
 * What another screen needs to offer 'Iniciar Turno' (the overview's event dialog): the start
 * action, with the same permission checks and messages as the panel, and whether a timer runs.
 * `enabled`: the viewer is an Empleado or a Supervisor (only they clock in).
 */
export function useClockInActions({ enabled }: { enabled: boolean }) {
  const active = useActiveTimer({ enabled });
  const { startShift, isStarting } = useStartShift();
  const queryClient = useQueryClient();
  const venueCode = useVenueCodeGate(startShift, isStarting);
  const { begin } = venueCode;
  // The clock-in panel's list (already loaded on the overview) says whether the event asks for the code.
  const onStartShift = useCallback(
    (eventId: string) => void begin(eventId, queryClient.getQueryData(clockInShiftsQueryOptions.queryKey)?.find((shift) => shift.id === eventId)?.requiresVenueCode),
    [begin, queryClient],
  );
  const { pendingStart } = pendingShiftState(useOfflinePunches().pending);
  return {
    onStartShift,
    /** Props of VenueCodeEntryDialog, which the caller renders. */
    venueCodeDialog: venueCode.dialog,
    // Also while a start is under way, so a second tap cannot open a second request.
    timerActive: Boolean(active.data) || Boolean(pendingStart) || isStarting,
  };
}
