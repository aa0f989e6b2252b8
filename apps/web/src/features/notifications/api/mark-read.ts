import type { Notification } from '@jornada/shared/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateNotifications } from './notification-keys';

/** POST /notifications/:id/read: opening an item marks it read. */
export function markNotificationRead(id: string): Promise<Notification> {
  return api.post<Notification>(`/notifications/${encodeURIComponent(id)}/read`);
}

/** POST /notifications/read-all: 'Marcar como leídas'. */
export function markAllNotificationsRead(): Promise<{ marked: number }> {
  return api.post<{ marked: number }>('/notifications/read-all');
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markNotificationRead, onSuccess: () => invalidateNotifications(queryClient) });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markAllNotificationsRead, onSuccess: () => invalidateNotifications(queryClient) });
}
