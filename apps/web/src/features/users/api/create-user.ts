import type { CreateUserBody, User } from '@jornada/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePeople } from './invalidate';

/** The user dialog shows the failure itself (inline for the username), so no automatic toast. */
export function createUser(body: CreateUserBody): Promise<User> {
  return api.post<User>('/users', body, { toastOnError: false });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => invalidatePeople(queryClient) });
}
