import { useAuth } from '@/lib/auth';
import { ClockInPanel } from '@/features/time-records/components/clock-in-panel';
import { RunningShift } from '@/features/time-records/components/running-shift';
import { PendingVacationActions } from '@/features/vacations/components/pending-vacation-actions';
import { PendingLoanActions } from '@/features/material/components/pending-loan-actions';
import { PendingCorrectionActions } from '@/features/corrections/components/pending-correction-actions';

/*
 * Spots on the overview that later issues fill in, so they plug in without rewriting the page.
 * Each renders nothing until its issue lands.
 */

/**
 * 'Acciones Pendientes', shown when pending material loans or vacations exist (employees; material
 * and vacations issues) or registro corrections wait for the caller or records are 'Sin cierre'
 * (everyone; registro issue). Each feature renders its <li> items, or nothing; the block
 * stays hidden (CSS :has) until at least one item is inside.
 */
export function PendingActionsSlot() {
  const { isEmployee } = useAuth();
  return (
    <section aria-labelledby="overview-pending-actions" className="hidden flex-col gap-3 has-[li]:flex lg:max-w-3xl">
      <h2 id="overview-pending-actions" className="text-xl font-semibold">
        Acciones Pendientes
      </h2>
      <ul aria-label="Vacaciones pendientes" className="flex flex-col gap-3 empty:hidden">
        {isEmployee && <PendingVacationActions />}
      </ul>
      <ul aria-label="Material pendiente" className="flex flex-col gap-3 empty:hidden">
        <PendingLoanActions />
      </ul>
      <ul aria-label="Correcciones de fichajes" className="flex flex-col gap-3 empty:hidden">
        <PendingCorrectionActions />
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

/**
 * Empleado and Supervisor: the running timer, first on the page while a shift runs (on a phone it
 * must not sit below the summary and the pending actions); hidden, gap included, when none runs.
 */
export function RunningShiftSlot() {
  return (
    <div className="empty:hidden lg:max-w-3xl">
      <RunningShift />
    </div>
  );
}
