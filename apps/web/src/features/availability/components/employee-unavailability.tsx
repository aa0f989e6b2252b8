import { Alert } from '@/components/ui/alert';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useEmployeeUnavailability } from '../api/availability';
import { UnavailabilityList } from './unavailability-list';

/** The 'Disponibilidad' tab of the employee dialog: what the person marked, read-only (decision 044). */
export function EmployeeUnavailability({ employeeId }: { employeeId: string }) {
  const list = useEmployeeUnavailability(employeeId);
  if (list.isError && !list.data) return <Alert variant="destructive">No se pudo cargar la disponibilidad.</Alert>;
  if (!list.data) return <ListSkeleton rows={2} />;
  return (
    <div className="flex flex-col gap-2 pt-2">
      <p className="text-sm text-muted-foreground">Lo marca el propio empleado en «Mi Disponibilidad». Asignarle en estos horarios pide confirmación.</p>
      <UnavailabilityList items={list.data.items} emptyText="No ha marcado ningún periodo de no disponibilidad." />
    </div>
  );
}
