import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateEvents } from './invalidate-events';

export function deleteEvent(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/events/${encodeURIComponent(id)}`);
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteEvent, onSuccess: () => invalidateEvents(queryClient) });
}
