import { CircleExclamationPoint } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useActiveTimer } from '../api/get-active-timer';
import { useClockInShifts } from '../api/get-clock-in-shifts';
import { useMyRecords } from '../api/get-my-records';
import { useStartShift } from '../api/start-timer';
import { useVenueCodeGate } from '../hooks/use-venue-code-gate';
import { useOfflinePunches } from '../hooks/use-offline-punches';
import { pendingShiftState } from '../lib/offline-punches';
import { AvailableShifts } from './available-shifts';
import { RecentRecords } from './recent-records';
import { VenueCodeEntryDialog } from './venue-code-entry-dialog';

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

/** The shifts list while no timer runs (RunningShift, at the top of the overview, shows a running one). */
function ShiftsWhenIdle() {
  const active = useActiveTimer();
  const shifts = useClockInShifts();
  const { startShift, isStarting, startingEventId } = useStartShift();
  const venueCode = useVenueCodeGate(startShift, isStarting);
  const { pendingStart } = pendingShiftState(useOfflinePunches().pending);

  // A shift started without connection is running too (RunningShift shows it, 'Pendiente de enviar').
  if (active.data || pendingStart) return null;
  if (active.isError) return <LoadFailed onRetry={() => void active.refetch()} />;
  if (shifts.isError) return <LoadFailed onRetry={() => void shifts.refetch()} />;
  if (active.isPending || shifts.isPending) return <Skeleton className="h-44 rounded-xl" />;
  return (
    <>
      <AvailableShifts
        shifts={shifts.data}
        onStart={(eventId) => void venueCode.begin(eventId, shifts.data.find((shift) => shift.id === eventId)?.requiresVenueCode)}
        isStarting={isStarting}
        startingEventId={venueCode.dialog.eventId ? undefined : startingEventId}
      />
      <VenueCodeEntryDialog {...venueCode.dialog} />
    </>
  );
}

function LatestRecords() {
  const recent = useMyRecords();
  if (recent.isError) return <LoadFailed onRetry={() => void recent.refetch()} />;
  if (recent.isPending) return <Skeleton className="h-40 rounded-xl" />;
  return <RecentRecords records={recent.data.records} />;
}

/**
 * The employee's clock-in view on the overview (Empleado and Supervisor): the shifts under way
 * with 'Iniciar Turno' while no timer runs; the latest records below. The running timer itself
 * is RunningShift, which the overview places first.
 */
export function ClockInPanel() {
  return (
    <div className="flex flex-col gap-4">
      <ShiftsWhenIdle />
      <LatestRecords />
    </div>
  );
}
