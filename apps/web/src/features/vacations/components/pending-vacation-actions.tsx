import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { useMyVacations } from '../api/get-my-vacations';
import { describeDays } from '../lib/vacation-days';

/**
 * The employee's pending vacations for the overview's 'Acciones Pendientes': one list item
 * (nothing at all when no proposal waits for them) with a link to answer on Solicitar Vacaciones.
 */
export function PendingVacationActions() {
  const vacations = useMyVacations();
  const proposals = vacations.data?.requests.filter((request) => request.status === 'pendiente' && request.awaiting === 'employee') ?? [];
  if (proposals.length === 0) return null;

  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border bg-card p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <CalendarClock className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0 text-sm">
          <p className="font-medium">
            {proposals.length === 1
              ? 'Tienes unas vacaciones propuestas pendientes de tu respuesta.'
              : `Tienes ${proposals.length} propuestas de vacaciones pendientes de tu respuesta.`}
          </p>
          <ul className="text-muted-foreground">
            {proposals.map((proposal) => (
              <li key={proposal.id} className="break-words">
                {describeDays(proposal.dates).join('; ')}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <Link to="/dashboard/request-vacation" className={buttonClasses('outline', 'sm', 'w-full sm:w-auto')}>
        Responder a las vacaciones
      </Link>
    </li>
  );
}
