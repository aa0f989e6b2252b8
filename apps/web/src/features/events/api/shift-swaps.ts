import type { AssignmentHistory, CreateShiftSwapRequest, MySwaps, ShiftSwap, ShiftSwapList, SwapOptions } from '@jornada/shared/schemas/shift-swaps';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toQueryString } from './event-keys';
import { invalidateEvents } from './invalidate-events';

/** Under 'events': an approved swap changes the lists and the calendar, and the other way round. */
const swapKeys = {
  mine: ['events', 'swaps', 'mine'] as const,
  options: (eventId: string) => ['events', 'swaps', 'options', eventId] as const,
  company: ['events', 'swaps', 'company'] as const,
  history: (eventId: string) => ['events', 'assignment-history', eventId] as const,
};

/** 'Historial de asignaciones' of one event (decision 052). */
export function useAssignmentHistory(eventId: string | undefined) {
  return useQuery({
    queryKey: swapKeys.history(eventId ?? ''),
    queryFn: ({ signal }) => api.get<AssignmentHistory>(`/events/${encodeURIComponent(eventId!)}/assignment-history`, { signal }),
    enabled: eventId !== undefined,
  });
}

/** Mis Turnos → 'Cambios': what I proposed, and what I can take. */
export function useMySwaps() {
  return useQuery({ queryKey: swapKeys.mine, queryFn: ({ signal }) => api.get<MySwaps>('/shift-swaps/mine', { signal }) });
}

/** Who may take my shift, and the colleagues' shifts it can be swapped for. */
export function useSwapOptions(eventId: string | undefined) {
  return useQuery({
    queryKey: swapKeys.options(eventId ?? ''),
    queryFn: ({ signal }) => api.get<SwapOptions>(`/shift-swaps/options${toQueryString({ eventId })}`, { signal }),
    enabled: eventId !== undefined,
  });
}

/** 'Cambios de turno': the company's, for its supervisors. */
export function useCompanySwaps(enabled = true) {
  return useQuery({ queryKey: swapKeys.company, queryFn: ({ signal }) => api.get<ShiftSwapList>('/shift-swaps', { signal }), enabled });
}

export function useCreateSwap() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: CreateShiftSwapRequest) => api.post<ShiftSwap>('/shift-swaps', input), onSuccess: () => invalidateEvents(queryClient) });
}

export type SwapAction = 'take' | 'cancel' | 'approve' | 'reject';

export function useSwapAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: SwapAction }) => api.post<ShiftSwap>(`/shift-swaps/${encodeURIComponent(id)}/${action}`),
    onSuccess: () => invalidateEvents(queryClient),
  });
}
