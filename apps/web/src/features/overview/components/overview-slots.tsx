import { ClockInPanel } from '@/features/time-records/components/clock-in-panel';
import { PendingVacationActions } from '@/features/vacations/components/pending-vacation-actions';
import { PendingLoanActions } from '@/features/material/components/pending-loan-actions';

/*
 * Spots on the overview that later issues fill in, so they plug in without rewriting the page.
 * Each renders nothing until its issue lands.
 */

/**
 * Employees only: 'Acciones Pendientes', shown when pending material loans or vacations exist
 * (material and vacations issues). Each feature renders its <li> items, or nothing; the block
 * stays hidden (CSS :has) until at least one item is inside.
 */
export function PendingActionsSlot() {
  return (
    <section aria-labelledby="overview-pending-actions" className="hidden flex-col gap-3 has-[li]:flex lg:max-w-3xl">
      <h2 id="overview-pending-actions" className="text-xl font-semibold">
        Acciones Pendientes
      </h2>
      <ul aria-label="Vacaciones pendientes" className="flex flex-col gap-3 empty:hidden">
        <PendingVacationActions />
      </ul>
      <ul aria-label="Material pendiente" className="flex flex-col gap-3 empty:hidden">
        <PendingLoanActions />
      </ul>
    </section>
  );
}

/** Empleado and Supervisor: the clock-in view, a timer and the list of events and time records (clock-in issue). */
export function ClockInSlot() {
  return (
    <div className="lg:max-w-3xl">
      <ClockInPanel />
    </div>
  );
}
