import { PageHeader } from '@/components/layout/page-header';
import { RevealWhenSettled } from '@/components/layout/reveal-when-settled';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { EventsCalendar } from '@/features/events/components/events-calendar';
import { VenueCodeEntryDialog } from '@/features/time-records/components/venue-code-entry-dialog';
import { useClockInActions } from '@/features/time-records/hooks/use-clock-in-actions';
import { useConfirmedVacationDays } from '@/features/vacations/api/get-my-vacations';
import { ClockInSlot, PendingActionsSlot, RunningShiftSlot } from '../components/overview-slots';
import { SummaryCards } from '../components/summary-cards';

/**
 * The calendar with what other features add to it: its own component inside the content, so the
 * whole overview does not re-render when the vacations or the timer answer.
 */
function OverviewCalendar({ isEmployee, clocksIn }: { isEmployee: boolean; clocksIn: boolean }) {
  const clockIn = useClockInActions({ enabled: clocksIn });
  const vacationDays = useConfirmedVacationDays(isEmployee);
  return (
    <>
      <EventsCalendar onStartShift={clocksIn ? clockIn.onStartShift : undefined} timerActive={clockIn.timerActive} vacationDays={vacationDays} />
      <VenueCodeEntryDialog {...clockIn.venueCodeDialog} />
    </>
  );
}

/**
 * Panel Principal (spec section 2 screen 1). The events calendar and its detail dialog come from
 * the events feature and are composed here. Later issues plug in:
 * - clock-in: the running timer first in RunningShiftSlot, its panel in ClockInSlot, and its start action and timer state passed to the
 *   calendar as `onStartShift` and `timerActive` ('Iniciar Turno' in the event dialog);
 * - vacations: the viewer's confirmed days as the calendar's `vacationDays` (red, inert);
 * - material loans and vacations: the employee's PendingActionsSlot.
 */
export default function OverviewRoute() {
  const { isEmployee, isSupervisor } = useAuth();
  const clocksIn = isEmployee || isSupervisor;

  return (
    <>
      <PageHeader title="Panel Principal" />
      {/* Pending actions and the clock-in panel arrive at different times: shown together, nothing jumps. */}
      <RevealWhenSettled fallback={<ListSkeleton rows={3} rowClassName="h-40" />}>
        {() => (
          <div className="flex flex-col gap-6">
            {clocksIn && <RunningShiftSlot />}
            <section aria-label="Resumen">
              <SummaryCards />
            </section>
            <PendingActionsSlot />
            {clocksIn && <ClockInSlot />}
            <section aria-label="Calendario" className="lg:max-w-3xl">
              <OverviewCalendar isEmployee={isEmployee} clocksIn={clocksIn} />
            </section>
          </div>
        )}
      </RevealWhenSettled>
    </>
  );
}
