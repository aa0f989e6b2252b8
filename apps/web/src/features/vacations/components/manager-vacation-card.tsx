import { formatLongDate } from '@jornada/shared/format';
import type { Vacation } from '@jornada/shared/schemas/vacations';
import { Building2, Check, Trash2, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SignatureImage } from '@/components/ui/signature-image';
import { Spinner } from '@/components/ui/spinner';
import { VacationDaysList } from './vacation-days-list';
import { VacationStatusBadge } from './vacation-status-badge';

export type ManagerAction = 'approve' | 'reject' | 'delete';

interface ManagerVacationCardProps {
  vacation: Vacation;
  /** The company's name, shown to an administrator looking at every company. */
  companyName?: string;
  onAction: (action: ManagerAction, vacation: Vacation) => void;
  /** The action running on this card, if any: its button spins. */
  pendingAction?: ManagerAction | null;
  /** While any answer is being sent, every card's buttons wait. */
  disabled?: boolean;
}

function originText(vacation: Vacation): string {
  const created = formatLongDate(vacation.createdAt);
  if (vacation.status === 'pendiente' && vacation.awaiting === 'employee') return `Propuesta por ${vacation.supervisorName ?? 'Usuario Desconocido'} el ${created}`;
  if (vacation.status === 'pendiente') return `Solicitada por el empleado el ${created}`;
  return `Creada el ${created}`;
}

/** A request on Gestionar Vacaciones: approve or reject an employee's own request; delete a processed one. */
export function ManagerVacationCard({ vacation, companyName, onAction, pendingAction = null, disabled = false }: ManagerVacationCardProps) {
  const headingId = `vacation-${vacation.id}`;
  const awaitsSupervisor = vacation.status === 'pendiente' && vacation.awaiting === 'supervisor';
  const busy = disabled || pendingAction !== null;
  const icon = (action: ManagerAction, Icon: typeof Check) => (pendingAction === action ? <Spinner /> : <Icon aria-hidden="true" />);

  return (
    <Card role="article" aria-labelledby={headingId} className="flex h-full flex-col gap-3 p-4">
      <div>
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <h3 id={headingId} className="min-w-0 flex-1 basis-40 font-semibold break-words">
            {vacation.employeeName ?? 'Usuario Desconocido'}
          </h3>
          <VacationStatusBadge vacation={vacation} viewer="manager" />
        </div>
        <p className="text-sm text-muted-foreground">{originText(vacation)}</p>
      </div>
      {companyName && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Building2 className="size-4 shrink-0" aria-hidden="true" />
          <span className="sr-only">Empresa: </span>
          <span className="break-words">{companyName}</span>
        </p>
      )}
      <VacationDaysList dates={vacation.dates} />
      {vacation.processedAt && (
        <p className="text-sm text-muted-foreground">
          {vacation.status === 'confirmado' ? 'Confirmada' : 'Rechazada'} el {formatLongDate(vacation.processedAt)}
        </p>
      )}
      {vacation.signature && <SignatureImage src={vacation.signature} alt={`Firma de ${vacation.employeeName ?? 'el empleado'}`} className="h-20 w-48" />}
      <div className="mt-auto flex flex-wrap gap-2">
        {awaitsSupervisor && (
          <>
            <Button size="sm" onClick={() => onAction('approve', vacation)} disabled={busy}>
              {icon('approve', Check)}
              Aprobar
            </Button>
            <Button variant="destructive-outline" size="sm" onClick={() => onAction('reject', vacation)} disabled={busy}>
              {icon('reject', X)}
              Rechazar
            </Button>
          </>
        )}
        {vacation.status !== 'pendiente' && (
          <Button variant="destructive-outline" size="sm" onClick={() => onAction('delete', vacation)} disabled={busy}>
            <Trash2 aria-hidden="true" />
            Eliminar
          </Button>
        )}
      </div>
    </Card>
  );
}
