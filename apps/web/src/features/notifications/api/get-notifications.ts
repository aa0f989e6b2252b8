import type { NotificationPage } from '@jornada/shared/schemas/notifications';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';

/** GET /notifications: one page of mine, newest first. */
export function getNotifications(params: { limit: number; cursor?: string }, signal?: AbortSignal): Promise<NotificationPage> {
  const query = new URLSearchParams({ limit: String(params.limit) });
  if (params.cursor) query.set('cursor', params.cursor);
  return api.get<NotificationPage>(`/notifications?${query}`, { signal, toastOnError: false });
}

export function useNotifications(pageSize: number) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: notificationKeys.list(pageSize),
      queryFn: ({ pageParam, signal }) => getNotifications({ limit: pageSize, cursor: pageParam }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      staleTime: 0,
    }),
  );
}
