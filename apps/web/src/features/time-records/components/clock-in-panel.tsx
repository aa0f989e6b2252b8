import { CircleExclamationPoint } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useActiveTimer } from '../api/get-active-timer';
import { useClockInShifts } from '../api/get-clock-in-shifts';
import { useMyRecords } from '../api/get-my-records';
import { useStartShift } from '../api/start-timer';
import { useStopShift } from '../api/stop-timer';
import { AvailableShifts } from './available-shifts';
import { RecentRecords } from './recent-records';
import { RunningTimer } from './running-timer';

const LOAD_FAILED = 'No se pudieron cargar los datos del panel.';

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert variant="destructive">
      <CircleExclamationPoint aria-hidden="true" />
      <AlertTitle>Error</AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-3">
        {LOAD_FAILED}
        <Button variant="outline" size="sm" onClick={onRetry}>
          Reintentar
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** The timer or the shifts list, whichever applies; a failing shifts list never hides a running timer. */
function TimerOrShifts() {
  const active = useActiveTimer();
  const record = active.data;
  const shifts = useClockInShifts();
  const { startShift, isStarting, startingEventId } = useStartShift();
  const { stopShift, isStopping } = useStopShift();

  if (active.isError) return <LoadFailed onRetry={() => void active.refetch()} />;
  if (record) return <RunningTimer record={record} onStop={() => stopShift(record.id)} isStopping={isStopping} />;
  if (shifts.isError) return <LoadFailed onRetry={() => void shifts.refetch()} />;
  if (active.isPending || shifts.isPending) return <Skeleton className="h-44 rounded-xl" />;
  return (
    <AvailableShifts
      shifts={shifts.data}
      onStart={(eventId) => void startShift(eventId)}
      isStarting={isStarting}
      startingEventId={startingEventId}
    />
  );
}

function LatestRecords() {
  const recent = useMyRecords();
  if (recent.isError) return <LoadFailed onRetry={() => void recent.refetch()} />;
  if (recent.isPending) return <Skeleton className="h-40 rounded-xl" />;
  return <RecentRecords records={recent.data.records} />;
}

/**
 * The employee's clock-in view on the overview (Empleado and Supervisor): the running timer
 * with 'Detener', or the shifts under way with 'Iniciar Turno'; the latest records below.
 */
export function ClockInPanel() {
  return (
    <div className="flex flex-col gap-4">
      <TimerOrShifts />
      <LatestRecords />
    </div>
  );
}
