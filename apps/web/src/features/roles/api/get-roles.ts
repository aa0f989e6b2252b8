import type { Role } from '@jornada/shared/schemas/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const rolesQueryKey = ['roles'] as const;

/** GET /api/roles: the default roles first, each with its price and companies. */
export function getRoles(signal?: AbortSignal): Promise<Role[]> {
  return api.get<Role[]>('/roles', { signal });
}

export const rolesQueryOptions = queryOptions({ queryKey: rolesQueryKey, queryFn: ({ signal }) => getRoles(signal) });

export function useRoles() {
  return useQuery(rolesQueryOptions);
}
