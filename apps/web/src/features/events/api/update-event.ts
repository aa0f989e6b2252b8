import type { Event, UpdateEventRequest } from '@jornada/shared/schemas/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateEvents } from './invalidate-events';

/** Edits one event and, when sent, replaces its staff; the type and company never change. */
export function updateEvent({ id, body }: { id: string; body: UpdateEventRequest }): Promise<Event> {
  return api.put<Event>(`/events/${encodeURIComponent(id)}`, body);
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateEvent, onSuccess: () => invalidateEvents(queryClient) });
}
