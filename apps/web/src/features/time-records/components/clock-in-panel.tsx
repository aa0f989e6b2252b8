import { CircleExclamationPoint } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useActiveTimer } from '../api/get-active-timer';
import { useClockInShifts } from '../api/get-clock-in-shifts';
import { useMyRecords } from '../api/get-my-records';
import { useStartShift } from '../api/start-timer';
import { useStopShift } from '../api/stop-timer';
import { AvailableShifts } from './available-shifts';
import { RecentRecords } from './recent-records';
import { RunningTimer } from './running-timer';

function PanelSkeleton() {
  return (
    <div role="status" aria-label="Cargando fichajes" className="flex flex-col gap-4">
      <div className="h-40 animate-pulse rounded-xl bg-muted" />
      <div className="h-32 animate-pulse rounded-xl bg-muted" />
    </div>
  );
}

/**
 * The employee's clock-in view on the overview (Empleado and Supervisor): the running timer
 * with 'Detener', or the shifts under way with 'Iniciar Turno'; the latest records below.
 */
export function ClockInPanel() {
  const active = useActiveTimer();
  const shifts = useClockInShifts();
  const recent = useMyRecords();
  const { startShift, isStarting, startingEventId } = useStartShift();
  const { stopShift, isStopping } = useStopShift();

  if (active.isPending || shifts.isPending || recent.isPending) return <PanelSkeleton />;
  if (active.isError || shifts.isError || recent.isError) {
    const retry = () => Promise.all([active.refetch(), shifts.refetch(), recent.refetch()]);
    return (
      <Alert variant="destructive">
        <CircleExclamationPoint aria-hidden="true" />
        <AlertTitle>Error</AlertTitle>
        <AlertDescription className="flex flex-col items-start gap-3">
          No se pudieron cargar los datos del panel.
          <Button variant="outline" size="sm" onClick={() => void retry()}>
            Reintentar
          </Button>
        </AlertDescription>
      </Alert>
    );
  }

  const record = active.data;
  return (
    <div className="flex flex-col gap-4">
      {record ? (
        <RunningTimer record={record} onStop={() => stopShift(record.id)} isStopping={isStopping} />
      ) : (
        <AvailableShifts
          shifts={shifts.data}
          onStart={(eventId) => void startShift(eventId)}
          isStarting={isStarting}
          startingEventId={startingEventId}
        />
      )}
      <RecentRecords records={recent.data.records} />
    </div>
  );
}
