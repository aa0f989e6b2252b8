import type { Vacation } from '@jornada/shared/schemas/vacations';
import { Badge } from '@/components/ui/badge';

interface VacationStatusBadgeProps {
  vacation: Pick<Vacation, 'status' | 'awaiting'>;
  /** The employee reads 'Pendiente' (who it waits for is said beside it); a manager reads who must answer. */
  viewer: 'employee' | 'manager';
}

/** 'Pendiente', 'Pendiente del empleado', 'Confirmado' or 'Rechazado'. */
export function VacationStatusBadge({ vacation, viewer }: VacationStatusBadgeProps) {
  if (vacation.status === 'confirmado') return <Badge variant="success">Confirmado</Badge>;
  if (vacation.status === 'rechazado') return <Badge variant="destructive">Rechazado</Badge>;
  const text = viewer === 'manager' && vacation.awaiting === 'employee' ? 'Pendiente del empleado' : 'Pendiente';
  return <Badge variant="warning">{text}</Badge>;
}
