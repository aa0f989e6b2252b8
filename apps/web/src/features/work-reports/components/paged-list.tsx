import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { ListSkeleton } from '@/components/ui/skeleton';

interface PagedListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<{ items: T[]; nextCursor: string | null }>>;
  emptyText: string;
  errorText: string;
  emptyIcon?: LucideIcon;
  skeletonRowClassName?: string;
  children: (items: T[]) => ReactNode;
}

/** A cursor-paged list's states: loading, failed, empty, then the items and 'Cargar más'. */
export function PagedList<T>({ query, emptyText, errorText, emptyIcon, skeletonRowClassName = 'h-28', children }: PagedListProps<T>) {
  if (query.isPending) return <ListSkeleton rows={2} rowClassName={skeletonRowClassName} />;
  if (query.isError) return <EmptyState>{errorText}</EmptyState>;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState icon={emptyIcon}>{emptyText}</EmptyState>;
  return (
    <>
      {children(items)}
      <LoadMoreButton hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
    </>
  );
}
