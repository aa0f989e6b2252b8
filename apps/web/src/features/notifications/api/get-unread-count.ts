import type { UnreadCount } from '@jornada/shared/schemas/notifications';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './notification-keys';

/**
 * Short polling (docs/decisions/033): the count is one indexed read, asked every 20 seconds while the
 * tab is visible and again whenever the window regains focus. It works the same behind any number of
 * servers and proxies, with no connection held open per person.
 */
export const UNREAD_POLL_MS = 20_000;

export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return api.get<UnreadCount>('/notifications/unread-count', { signal, toastOnError: false });
}

export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });
}
