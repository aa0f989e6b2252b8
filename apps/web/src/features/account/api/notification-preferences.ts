import type { NotificationPreferences, UpdateNotificationPreferences } from '@jornada/shared/schemas/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const preferencesKey = ['account', 'notification-preferences'] as const;

/** GET /api/account/notification-preferences: every kind with my choice (or the default) per channel. */
export function useNotificationPreferences() {
  return useQuery({ queryKey: preferencesKey, queryFn: ({ signal }) => api.get<NotificationPreferences>('/account/notification-preferences', { signal }) });
}

/** PUT /api/account/notification-preferences: the whole table; the answer is what is stored. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationPreferences) => api.put<NotificationPreferences>('/account/notification-preferences', body, { toastOnError: false }),
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey, saved),
  });
}
