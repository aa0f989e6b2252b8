import type { CreateEventRequest, CreateEventsResponse } from '@jornada/shared/schemas/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateEvents } from './invalidate-events';
import { WORKING_TIME_WARNING } from './working-time-warning';

/** A momentary event, or a constant one: the server creates one event per matching day. */
export function createEvent(body: CreateEventRequest): Promise<CreateEventsResponse> {
  // A working-time warning is shown in the form ('Asignar igualmente'), not as a toast.
  return api.post<CreateEventsResponse>('/events', body, { quietCodes: [WORKING_TIME_WARNING] });
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createEvent, onSuccess: () => invalidateEvents(queryClient) });
}
