import type { MessageResponse } from '@jornada/shared/schemas/account-lifecycle';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** 'Restablecer verificación en dos pasos' (decision 055): a lost phone; logged on the server. */
export function resetTwoFactor(id: string): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/users/${encodeURIComponent(id)}/two-factor/reset`, undefined, { toastOnError: false });
}

export function useResetTwoFactor() {
  return useMutation({ mutationFn: resetTwoFactor });
}
