import { CalendarX } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { BACKWARD_RANGE_MESSAGE, isBackwardRange } from '@/components/list-filters/filter-fields';
import { filterParams, useUrlFilters } from '@/components/list-filters/use-url-filters';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { useAuth } from '@/lib/auth';
import { DESKTOP_MEDIA_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { useEventLog } from '../api/get-event-log';
import { AssigneeList } from '../components/assignee-names';
import { EventCard, EventDetail } from '../components/event-card';
import { EventFilters, eventFilterKeys } from '../components/event-filters';
import { EventLogTable } from '../components/event-log-table';
import { PagedEvents } from '../components/paged-events';
import { formatLongDateTime } from '../utils/event-dates';
import { useWorkerFilterOffered } from '../utils/use-worker-filter-offered';

/** Spec section 2 screen 13 (the spec's Registro de Eventos, named Eventos Finalizados so it is not taken for the Registro de Jornada): finished events by end date, newest first. */
export default function EventLogRoute() {
  const desktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  const { isAdmin } = useAuth();
  const offerWorkers = useWorkerFilterOffered();
  const filters = useUrlFilters(eventFilterKeys);
  const backward = isBackwardRange(filters.values.from, filters.values.to);
  const events = useEventLog(filterParams(filters.values), !backward);

  return (
    <>
      <PageHeader title="Eventos Finalizados" description="Eventos finalizados, del más reciente al más antiguo." />
      <EventFilters offerWorkers={offerWorkers} values={filters.values} onChange={filters.set} active={filters.active} onClear={filters.clear} />
      {backward ? (
        <Alert variant="destructive">
          <AlertDescription>{BACKWARD_RANGE_MESSAGE}</AlertDescription>
        </Alert>
      ) : (
        <PagedEvents
          query={events}
          emptyText={filters.active ? 'Ningún evento finalizado coincide con los filtros.' : 'No hay eventos finalizados para mostrar.'}
          emptyIcon={CalendarX}
          skeletonRowClassName={desktop ? 'h-14' : 'h-40'}
        >
          {(items) =>
            desktop ? (
              <EventLogTable events={items} showCompany={isAdmin} />
            ) : (
              <ul className="flex flex-col gap-3" aria-label="Eventos finalizados">
                {items.map((event) => (
                  <li key={event.id}>
                    <EventCard event={event}>
                      <dl className="flex flex-col gap-2">
                        <EventDetail term="Finalizado">{formatLongDateTime(event.endDate)}</EventDetail>
                        {isAdmin && <EventDetail term="Empresa">{event.companyName}</EventDetail>}
                      </dl>
                      <div className="border-t border-border pt-3">
                        <h3 className="mb-2 text-sm font-medium">Personal asignado</h3>
                        <AssigneeList names={event.assignedEmployeeNames} />
                      </div>
                    </EventCard>
                  </li>
                ))}
              </ul>
            )
          }
        </PagedEvents>
      )}
    </>
  );
}
