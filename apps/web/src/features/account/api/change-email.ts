import type { EmailChangeRequest, MessageResponse } from '@jornada/shared/schemas/account-lifecycle';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/account/email: a confirmation link goes to the new address; the form shows failures. */
export function requestEmailChange(body: EmailChangeRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/account/email', body, { toastOnError: false });
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}
