import { describeEventTimes } from '@jornada/shared/double-booking';
import { Spinner } from '@/components/ui/spinner';
import type { AssignmentPlan } from '../api/get-assignee-availability';

interface AvailabilityNoteProps {
  /** The plan the states are for; null while the form has no valid times. */
  plan: AssignmentPlan | null;
  loading: boolean;
  failed: boolean;
}

/** Says for which times the picker shows each person's state, or why it shows none. */
export function AvailabilityNote({ plan, loading, failed }: AvailabilityNoteProps) {
  let text: string;
  if (!plan) text = 'Indica el inicio y el fin del evento para ver quién está disponible.';
  else if (failed) text = 'No se pudo comprobar la disponibilidad. Al guardar se comprobará igualmente.';
  else if (plan.type === 'constant') text = 'Estado de cada persona en los días del evento constante.';
  else text = `Estado de cada persona ${describeEventTimes(plan.date, plan.endDate)}.`;
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
      {loading && plan && <Spinner className="size-3.5" />}
      {text}
    </p>
  );
}
