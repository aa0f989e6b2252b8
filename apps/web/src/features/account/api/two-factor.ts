import type { MessageResponse } from '@jornada/shared/schemas/account-lifecycle';
import type { DisableTwoFactorRequest, RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@jornada/shared/schemas/two-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const statusKey = ['account', 'two-factor'] as const;

/** GET /api/account/two-factor: on or off, required or not, recovery codes left. */
export function useTwoFactorStatus() {
  return useQuery({ queryKey: statusKey, queryFn: ({ signal }) => api.get<TwoFactorStatus>('/account/two-factor', { signal }) });
}

export function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return api.post<TwoFactorSetup>('/account/two-factor/setup', undefined, { toastOnError: false });
}

export async function confirmTwoFactorSetup(code: string): Promise<string[]> {
  return (await api.post<RecoveryCodes>('/account/two-factor/confirm', { code }, { toastOnError: false })).recoveryCodes;
}

export function useRefreshTwoFactorStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: statusKey });
}

/** POST /api/account/two-factor/disable: the current password; the form shows failures. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DisableTwoFactorRequest) => api.post<MessageResponse>('/account/two-factor/disable', body, { toastOnError: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}
