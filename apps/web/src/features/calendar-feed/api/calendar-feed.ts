import type { CalendarFeed, CreatedCalendarFeed } from '@jornada/shared/schemas/calendar-feed';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The person's calendar address (docs/decisions/047): one query, replaced by what each change answers. */
export const calendarFeedKeys = { all: ['calendar-feed'] as const };

/** Read each time the dialog opens: 'Última lectura' changes whenever a calendar app reads the address. */
export function useCalendarFeed(enabled: boolean) {
  return useQuery({ queryKey: calendarFeedKeys.all, queryFn: ({ signal }) => api.get<CalendarFeed>('/calendar-feed', { signal }), enabled, staleTime: 0 });
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CreatedCalendarFeed>('/calendar-feed', undefined, { toastOnError: false }),
    // The address itself stays in the dialog only: the cache keeps what GET would answer.
    onSuccess: ({ active, createdAt, lastUsedAt }) => queryClient.setQueryData<CalendarFeed>(calendarFeedKeys.all, { active, createdAt, lastUsedAt }),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<CalendarFeed>('/calendar-feed', { toastOnError: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKeys.all }),
  });
}
