import { CalendarClock } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { BACKWARD_RANGE_MESSAGE, isBackwardRange } from '@/components/list-filters/filter-fields';
import { filterParams, useUrlFilters } from '@/components/list-filters/use-url-filters';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { useSupervisedEvents } from '../api/get-supervised-events';
import { StaffAnswers } from '../components/assignee-names';
import { EventCard, EventDetail } from '../components/event-card';
import { EventFilters, eventFilterKeys } from '../components/event-filters';
import { PagedEvents } from '../components/paged-events';
import { formatLongDateTime } from '../utils/event-dates';
import { useWorkerFilterOffered } from '../utils/use-worker-filter-offered';

/** Spec section 2 screen 10: active and scheduled events by start, with their staff. */
export default function SuperviseEventsRoute() {
  const offerWorkers = useWorkerFilterOffered();
  const filters = useUrlFilters(eventFilterKeys);
  const backward = isBackwardRange(filters.values.from, filters.values.to);
  const events = useSupervisedEvents(filterParams(filters.values), !backward);

  return (
    <>
      <PageHeader title="Supervisar Eventos" description="Eventos activos y programados, por fecha de inicio." />
      <EventFilters offerWorkers={offerWorkers} values={filters.values} onChange={filters.set} active={filters.active} onClear={filters.clear} />
      {backward ? (
        <Alert variant="destructive">
          <AlertDescription>{BACKWARD_RANGE_MESSAGE}</AlertDescription>
        </Alert>
      ) : (
        <PagedEvents
          query={events}
          emptyText={filters.active ? 'Ningún evento activo o programado coincide con los filtros.' : 'No hay eventos activos ni programados.'}
          emptyIcon={CalendarClock}
          skeletonRowClassName="h-52"
        >
          {(items) => (
            <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Eventos">
              {items.map((event) => (
                <li key={event.id}>
                  <EventCard event={event}>
                    <dl className="flex flex-col gap-2">
                      <EventDetail term="Inicio">{formatLongDateTime(event.date)}</EventDetail>
                      <EventDetail term="Fin">{formatLongDateTime(event.endDate)}</EventDetail>
                    </dl>
                    <div className="mt-auto border-t border-border pt-3">
                      <h3 className="mb-2 text-sm font-medium">Personal asignado</h3>
                      <StaffAnswers event={event} />
                    </div>
                  </EventCard>
                </li>
              ))}
            </ul>
          )}
        </PagedEvents>
      )}
    </>
  );
}
