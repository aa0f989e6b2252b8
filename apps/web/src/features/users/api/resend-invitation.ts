import type { MessageResponse } from '@jornada/shared/schemas/account-lifecycle';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** 'Reenviar invitación': a new 72-hour link by mail; the previous one stops working. */
export function resendInvitation(id: string): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/users/${encodeURIComponent(id)}/invitation`, {});
}

export function useResendInvitation() {
  return useMutation({ mutationFn: resendInvitation });
}
