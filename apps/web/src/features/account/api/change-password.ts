import type { ChangePasswordRequest, ChangePasswordResponse } from '@jornada/shared/schemas/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/account/password: the user's other sessions end; this one stays. The form shows failures. */
export function changePassword(body: ChangePasswordRequest): Promise<ChangePasswordResponse> {
  return api.post<ChangePasswordResponse>('/account/password', body, { toastOnError: false });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
