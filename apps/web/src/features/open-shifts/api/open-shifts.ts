import type { ClaimOpenShiftRequest, EventOpenPlaces, OpenShiftClaim, OpenShiftList, SaveOpenPlacesRequest } from '@jornada/shared/schemas/open-shifts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Under 'events' on purpose: any event change (edited, deleted, staff changed) refreshes the open
 * places too, and a claim refreshes the event lists ('Mis Turnos', the supervisor's cards).
 */
export const openShiftKeys = {
  mine: () => ['events', 'open-shifts', 'mine'] as const,
  ofEvent: (eventId: string) => ['events', 'open-shifts', 'event', eventId] as const,
};
const EVENTS = ['events'] as const;

/** GET /open-shifts: 'Turnos abiertos' of the signed-in person. */
export function useOpenShifts() {
  return useQuery({ queryKey: openShiftKeys.mine(), queryFn: ({ signal }) => api.get<OpenShiftList>('/open-shifts', { signal, toastOnError: false }) });
}

/** POST /open-shifts/:id/claim: 'Solicitar turno'. The card shows a refusal itself. */
export function useClaimOpenShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, ...body }: ClaimOpenShiftRequest & { eventId: string }) => api.post<OpenShiftClaim>(`/open-shifts/${encodeURIComponent(eventId)}/claim`, body, { toastOnError: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: EVENTS }),
  });
}

/** GET /events/:id/open-places: the places, what is left and the claims (supervisors). */
export function useEventOpenPlaces(eventId: string | undefined) {
  return useQuery({
    queryKey: openShiftKeys.ofEvent(eventId ?? ''),
    queryFn: ({ signal }) => api.get<EventOpenPlaces>(`/events/${encodeURIComponent(eventId!)}/open-places`, { signal, toastOnError: false }),
    enabled: eventId !== undefined,
  });
}

/** PUT /events/:id/open-places, after the event form saved the event (one call per created day). */
export function saveOpenPlaces(eventId: string, body: SaveOpenPlacesRequest): Promise<EventOpenPlaces> {
  return api.put<EventOpenPlaces>(`/events/${encodeURIComponent(eventId)}/open-places`, body);
}

/** POST /open-shift-claims/:id/approve | reject */
export function useDecideClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, decision }: { claimId: string; decision: 'approve' | 'reject' }) => api.post<OpenShiftClaim>(`/open-shift-claims/${encodeURIComponent(claimId)}/${decision}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: EVENTS }),
  });
}
