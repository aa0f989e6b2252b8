import { useCallback } from 'react';
import { useActiveTimer } from '../api/get-active-timer';
import { useStartShift } from '../api/start-timer';

/**
 * What another screen needs to offer 'Iniciar Turno' (the overview's event dialog): the start
 * action, with the same permission checks and messages as the panel, and whether a timer runs.
 * `enabled`: the viewer is an Empleado or a Supervisor (only they clock in).
 */
export function useClockInActions({ enabled }: { enabled: boolean }) {
  const active = useActiveTimer({ enabled });
  const { startShift, isStarting } = useStartShift();
  const onStartShift = useCallback((eventId: string) => void startShift(eventId), [startShift]);
  return {
    onStartShift,
    // Also while a start is under way, so a second tap cannot open a second request.
    timerActive: Boolean(active.data) || isStarting,
  };
}
