import type { UpdateUserBody, User } from '@jornada/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePeople } from './invalidate';

/** A blank password keeps the current one. The dialog shows failures itself. */
export function updateUser({ id, ...body }: UpdateUserBody & { id: string }): Promise<User> {
  return api.put<User>(`/users/${encodeURIComponent(id)}`, body, { toastOnError: false });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: () => invalidatePeople(queryClient) });
}
