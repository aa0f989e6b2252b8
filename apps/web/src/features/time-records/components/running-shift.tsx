import { useActiveTimer } from '../api/get-active-timer';
import { useStopShift } from '../api/stop-timer';
import { RunningTimer } from './running-timer';

/**
 * The running timer with 'Detener', or nothing when no shift runs. The overview puts it first,
 * above everything else: on a phone the guard must see the shift without scrolling.
 */
export function RunningShift() {
  const active = useActiveTimer();
  const { stopShift, isStopping } = useStopShift();
  const record = active.data;
  if (!record) return null;
  return <RunningTimer record={record} onStop={() => stopShift(record.id)} isStopping={isStopping} />;
}
