import type { CreateEventRequest, CreateEventsResponse } from '@jornada/shared/schemas/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateEvents } from './invalidate-events';

/** A momentary event, or a constant one: the server creates one event per matching day. */
export function createEvent(body: CreateEventRequest): Promise<CreateEventsResponse> {
  return api.post<CreateEventsResponse>('/events', body);
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createEvent, onSuccess: () => invalidateEvents(queryClient) });
}
