import type { LiveEvent, LivePersonState } from '@jornada/shared/schemas/live';
import { Badge } from '@/components/ui/badge';
import { stateBadgeVariant } from '../lib/person-detail';

const summaryOrder: LivePersonState[] = ['No presentado', 'Retrasado', 'Fichado', 'Pendiente', 'Finalizado'];

/** How many people are in each state across the screen: the no-shows stand out before any scrolling. */
export function LiveSummary({ events }: { events: LiveEvent[] }) {
  const counts = new Map<LivePersonState, number>();
  for (const person of events.flatMap((event) => event.people)) counts.set(person.state, (counts.get(person.state) ?? 0) + 1);
  return (
    <ul className="mb-4 flex flex-wrap gap-2" aria-label="Resumen">
      {summaryOrder.map((state) => (
        <li key={state}>
          <Badge variant={stateBadgeVariant[state]} className="px-3 py-1 text-sm">
            {state}: {counts.get(state) ?? 0}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
