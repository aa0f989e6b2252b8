import type { QueryClient } from '@tanstack/react-query';

/** Every notifications query sits under ['notifications']: one invalidation refreshes the bell, the panel and the page. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  list: (pageSize: number) => [...notificationKeys.all, 'list', pageSize] as const,
};

export function invalidateNotifications(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}
