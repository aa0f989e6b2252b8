import { formatLongDate } from '@jornada/shared/format';
import type { Vacation } from '@jornada/shared/schemas/vacations';
import { Check, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { describeDays } from '../lib/vacation-days';
import { VacationDaysList } from './vacation-days-list';
import { VacationStatusBadge } from './vacation-status-badge';

interface MyVacationCardProps {
  vacation: Vacation;
  onConfirm: (vacation: Vacation) => void;
  onDecline: (vacation: Vacation) => void;
}

function waitingText(vacation: Vacation): string | null {
  if (vacation.status !== 'pendiente') return null;
  return vacation.awaiting === 'employee' ? 'Espera tu respuesta: confírmala con tu firma o recházala.' : 'Espera la respuesta de tu supervisor.';
}

/** One of the employee's requests; a supervisor's proposal waiting for them carries 'Confirmar' and 'Rechazar'. */
export function MyVacationCard({ vacation, onConfirm, onDecline }: MyVacationCardProps) {
  const proposal = vacation.supervisorId !== null && vacation.awaiting === 'employee';
  const title = proposal ? `Propuesta de ${vacation.supervisorName ?? 'tu supervisor'}` : 'Solicitud de vacaciones';
  const waiting = waitingText(vacation);
  const headingId = `my-vacation-${vacation.id}`;

  return (
    <Card role="article" aria-labelledby={headingId} aria-describedby={`${headingId}-days`} className="flex flex-col gap-3 p-4">
      <div>
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <h3 id={headingId} className="min-w-0 flex-1 basis-40 font-semibold break-words">
            {title}
          </h3>
          <VacationStatusBadge vacation={vacation} viewer="employee" />
        </div>
        <p className="text-sm text-muted-foreground">Creada el {formatLongDate(vacation.createdAt)}</p>
      </div>
      <span id={`${headingId}-days`} className="sr-only">
        {describeDays(vacation.dates).join('; ')}
      </span>
      <VacationDaysList dates={vacation.dates} />
      {waiting && <p className="text-sm font-medium">{waiting}</p>}
      {vacation.status !== 'pendiente' && vacation.processedAt && (
        <p className="text-sm text-muted-foreground">
          {vacation.status === 'confirmado' ? 'Confirmada' : 'Rechazada'} el {formatLongDate(vacation.processedAt)}
        </p>
      )}
      {proposal && vacation.status === 'pendiente' && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => onConfirm(vacation)}>
            <Check aria-hidden="true" />
            Confirmar
          </Button>
          <Button variant="destructive-outline" size="sm" onClick={() => onDecline(vacation)}>
            <X aria-hidden="true" />
            Rechazar
          </Button>
        </div>
      )}
    </Card>
  );
}
