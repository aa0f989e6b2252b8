import type { QueryClient } from '@tanstack/react-query';
import { rolesQueryKey } from './get-roles';

/** Roles appear in companies (assigned roles), the permission matrix (one row per role) and users. */
export function invalidateRoleLists(queryClient: QueryClient) {
  return Promise.all(
    [rolesQueryKey, ['companies'], ['permissions'], ['users']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
