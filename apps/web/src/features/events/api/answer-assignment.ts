import type { AssignmentAnswer } from '@jornada/shared/schemas/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateEvents } from './invalidate-events';

export type AnswerInput = { eventId: string; action: 'accept' } | { eventId: string; action: 'decline'; reason: string };

/** 'Aceptar' / 'Rechazar' one's own pending shift (decision 046). */
export function answerAssignment(input: AnswerInput): Promise<AssignmentAnswer> {
  const url = `/events/${encodeURIComponent(input.eventId)}/${input.action}`;
  return input.action === 'accept' ? api.post<AssignmentAnswer>(url) : api.post<AssignmentAnswer>(url, { reason: input.reason });
}

export function useAnswerAssignment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: answerAssignment, onSuccess: () => invalidateEvents(queryClient) });
}
