import type { Event, EventPage } from '@jornada/shared/schemas/events';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { ListSkeleton } from '@/components/ui/skeleton';

interface PagedEventsProps {
  query: UseInfiniteQueryResult<InfiniteData<EventPage>>;
  /** The empty state's text (the spec's where it gives one). */
  emptyText: string;
  emptyIcon?: LucideIcon;
  skeletonRowClassName?: string;
  children: (events: Event[]) => ReactNode;
}

/** A cursor-paged event list's states: loading, failed, empty, then the items and 'Cargar más'. */
export function PagedEvents({ query, emptyText, emptyIcon, skeletonRowClassName = 'h-36', children }: PagedEventsProps) {
  if (query.isPending) return <ListSkeleton rows={3} rowClassName={skeletonRowClassName} />;
  if (query.isError) return <EmptyState>No se pudieron cargar los eventos.</EmptyState>;
  const events = query.data.pages.flatMap((page) => page.items);
  if (events.length === 0) return <EmptyState icon={emptyIcon}>{emptyText}</EmptyState>;
  return (
    <>
      {children(events)}
      <LoadMoreButton hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
    </>
  );
}
