import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** 'Desbloquear acceso': clears the user's failed sign-ins from every address (administrators only). */
export function unlockLogin(id: string): Promise<{ ok: true }> {
  return api.post<{ ok: true }>(`/users/${encodeURIComponent(id)}/unlock-login`, {});
}

export function useUnlockLogin() {
  return useMutation({ mutationFn: unlockLogin });
}
