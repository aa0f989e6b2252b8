import type { LoanStatus } from '@jornada/shared/material';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

const variants: Record<LoanStatus, BadgeVariant> = {
  'Pendiente de confirmación': 'warning',
  Confirmado: 'success',
  Denegado: 'destructive',
  'Pendiente de devolución': 'secondary',
  Devuelto: 'outline',
};

export function LoanStatusBadge({ status }: { status: LoanStatus }) {
  return (
    <Badge variant={variants[status]} className="whitespace-normal!">
      {status}
    </Badge>
  );
}
