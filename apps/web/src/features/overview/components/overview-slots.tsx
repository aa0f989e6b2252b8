import { ClockInPanel } from '@/features/time-records/components/clock-in-panel';

/*
 * Spots on the overview that later issues fill in, so they plug in without rewriting the page.
 * Each renders nothing until its issue lands.
 */

/** Employees only: 'Acciones Pendientes', shown when pending material loans or vacations exist (material and vacations issues). */
export function PendingActionsSlot() {
  return null;
}

/** Empleado and Supervisor: the clock-in view, a timer and the list of events and time records (clock-in issue). */
export function ClockInSlot() {
  return (
    <div className="lg:max-w-3xl">
      <ClockInPanel />
    </div>
  );
}
