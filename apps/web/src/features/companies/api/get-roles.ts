import type { Role } from '@jornada/shared/schemas/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/roles. The same query key as features/roles, so both share one cache entry. */
export const rolesQueryOptions = queryOptions({
  queryKey: ['roles'],
  queryFn: ({ signal }) => api.get<Role[]>('/roles', { signal }),
});

export function useRoles() {
  return useQuery(rolesQueryOptions);
}
