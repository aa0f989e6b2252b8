import { MISSING_USER_NAME, summarizeAssigneeNames } from '@jornada/shared/events';
import { ASSIGNMENT_STATE_LABELS, type Event } from '@jornada/shared/schemas/events';
import { cn } from '@/lib/cn';

const NO_STAFF = 'Sin personal asignado.';

/** Every assigned name as a list ('Usuario no encontrado' for a missing user, 'Sin personal asignado.' for none). */
export function AssigneeList({ names, className }: { names: readonly string[]; className?: string }) {
  if (names.length === 0) return <p className={cn('text-sm text-muted-foreground', className)}>{NO_STAFF}</p>;
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)}>
      {names.map((name, index) => (
        <li
          key={`${name}-${index}`}
          className={cn('rounded-full bg-muted px-2.5 py-1 text-xs font-medium', name === MISSING_USER_NAME && 'text-muted-foreground italic')}
        >
          {name}
        </li>
      ))}
    </ul>
  );
}

/** Spec section 2 screen 12: at most three names, then '+N más'. */
export function AssigneeSummary({ names }: { names: readonly string[] }) {
  if (names.length === 0) return <span className="text-muted-foreground">{NO_STAFF}</span>;
  const { visible, moreLabel } = summarizeAssigneeNames(names);
  return (
    <span>
      {visible.join(', ')}
      {moreLabel && <span className="ml-1 font-medium whitespace-nowrap text-muted-foreground">{moreLabel}</span>}
    </span>
  );
}

/**
 * The staff with each one's answer (decision 046): 'Pendiente' / 'Aceptado', then who declined
 * ('Rechazado') and why. Without a pending or declined answer it is the plain list, as before.
 */
export function StaffAnswers({ event, className }: { event: Pick<Event, 'assignedEmployeeNames' | 'assignedEmployeeStates' | 'declinedEmployees'>; className?: string }) {
  const answered = event.assignedEmployeeStates.includes('pending') || event.declinedEmployees.length > 0;
  if (!answered) return <AssigneeList names={event.assignedEmployeeNames} className={className} />;
  return (
    <ul className={cn('flex flex-col gap-1.5 text-sm', className)} aria-label="Personal y respuestas">
      {event.assignedEmployeeNames.map((name, index) => {
        const state = event.assignedEmployeeStates[index] ?? 'accepted';
        return (
          <li key={`${name}-${index}`} className="flex flex-wrap items-center justify-between gap-x-2 gap-y-0.5">
            <span className={cn('min-w-0 break-words', name === MISSING_USER_NAME && 'text-muted-foreground italic')}>{name}</span>
            <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', state === 'pending' ? 'bg-yellow-100 text-yellow-900' : 'bg-green-100 text-green-800')}>
              {ASSIGNMENT_STATE_LABELS[state]}
            </span>
          </li>
        );
      })}
      {event.declinedEmployees.map((person) => (
        <li key={person.id} className="flex flex-col gap-0.5">
          <span className="flex flex-wrap items-center justify-between gap-x-2 gap-y-0.5">
            <span className="min-w-0 break-words text-muted-foreground line-through">{person.name}</span>
            <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">{ASSIGNMENT_STATE_LABELS.declined}</span>
          </span>
          <span className="text-xs break-words text-muted-foreground">Motivo: {person.reason}</span>
        </li>
      ))}
    </ul>
  );
}

/** 'N pendientes · N rechazados' under a card's staff summary, when there are any. */
export function StaffAnswerCounts({ event }: { event: Pick<Event, 'assignedEmployeeStates' | 'declinedEmployees'> }) {
  const pending = event.assignedEmployeeStates.filter((state) => state === 'pending').length;
  const declined = event.declinedEmployees.length;
  if (pending === 0 && declined === 0) return null;
  const parts = [pending > 0 ? `${pending} ${pending === 1 ? 'pendiente' : 'pendientes'}` : null, declined > 0 ? `${declined} ${declined === 1 ? 'rechazado' : 'rechazados'}` : null];
  return <span className="block text-xs font-medium text-amber-800">{parts.filter(Boolean).join(' · ')}</span>;
}
