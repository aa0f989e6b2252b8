import type { Event } from '@jornada/shared/schemas/events';
import { CalendarX } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { DESKTOP_MEDIA_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { useManagedEvents, type ManagedEventFilters, type ManageFilter } from '../api/get-managed-events';
import type { EventAction } from './event-actions';
import { ManagedEventCard } from './managed-event-card';
import { ManagedEventsTable } from './managed-events-table';

const emptyText: Record<ManageFilter, string> = {
  Programado: 'No hay eventos programados.',
  Finalizado: 'No hay eventos finalizados para mostrar.',
};

interface ManagedEventsListProps {
  filter: ManageFilter;
  /** The filter bar's values (worker, days, text); only those set. */
  filters: ManagedEventFilters;
  onAction: (action: EventAction, event: Event) => void;
}

/** The manage-events list of one filter: a table on desktops, cards on phones, paged by cursor. */
export function ManagedEventsList({ filter, filters, onAction }: ManagedEventsListProps) {
  const events = useManagedEvents(filter, filters);
  const desktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  const { isAdmin } = useAuth();

  if (events.isPending) return <ListSkeleton rows={4} rowClassName={desktop ? 'h-14' : 'h-44'} />;
  if (events.isError) return <EmptyState>No se pudieron cargar los eventos.</EmptyState>;
  const items = events.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    const filtered = Object.keys(filters).length > 0;
    return <EmptyState icon={CalendarX}>{filtered ? 'Ningún evento coincide con los filtros.' : emptyText[filter]}</EmptyState>;
  }

  return (
    <>
      {desktop ? (
        <ManagedEventsTable events={items} showCompany={isAdmin} onAction={onAction} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Eventos">
          {items.map((event) => (
            <li key={event.id}>
              <ManagedEventCard event={event} showCompany={isAdmin} onAction={onAction} />
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton hasNextPage={events.hasNextPage} isFetchingNextPage={events.isFetchingNextPage} onLoadMore={() => void events.fetchNextPage()} />
    </>
  );
}
