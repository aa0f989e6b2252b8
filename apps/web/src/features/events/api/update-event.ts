import type { Event, UpdateEventRequest } from '@jornada/shared/schemas/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateEvents } from './invalidate-events';
import { WORKING_TIME_WARNING } from './working-time-warning';

/** Edits one event and, when sent, replaces its staff; the type and company never change. */
export function updateEvent({ id, body }: { id: string; body: UpdateEventRequest }): Promise<Event> {
  // A working-time warning is shown in the form ('Asignar igualmente'), not as a toast.
  return api.put<Event>(`/events/${encodeURIComponent(id)}`, body, { quietCodes: [WORKING_TIME_WARNING] });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateEvent, onSuccess: () => invalidateEvents(queryClient) });
}
