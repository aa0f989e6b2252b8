import type { QueryClient } from '@tanstack/react-query';
import { companiesQueryKey } from '@/lib/companies/get-companies';
import { rolesQueryKey } from './get-roles';

/** Roles appear in companies (assigned roles), the permission matrix (one row per role) and users. */
export function invalidateRoleLists(queryClient: QueryClient) {
  return Promise.all(
    [rolesQueryKey, companiesQueryKey, ['permissions'], ['users']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
