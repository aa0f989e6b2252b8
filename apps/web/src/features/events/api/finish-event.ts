import type { Event } from '@jornada/shared/schemas/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateEvents } from './invalidate-events';

/** 'Finalizar ahora': an active event ends at the server's current time (decision 1). */
export function finishEvent(id: string): Promise<Event> {
  return api.post<Event>(`/events/${encodeURIComponent(id)}/finish`);
}

export function useFinishEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: finishEvent, onSuccess: () => invalidateEvents(queryClient) });
}
