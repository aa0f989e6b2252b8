import type { UserPage } from '@jornada/shared/schemas/users';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const usersQueryKey = ['users'] as const;
const PAGE_SIZE = 50;

/** GET /api/users: by name, a page at a time. `companyId` is 'all', 'none' (administrators) or a company id. */
export function getUsers(companyId: string, cursor: string | undefined, signal?: AbortSignal): Promise<UserPage> {
  const params = new URLSearchParams({ companyId, limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get<UserPage>(`/users?${params}`, { signal });
}

export function usersQueryOptions(companyId: string) {
  return infiniteQueryOptions({
    queryKey: [...usersQueryKey, { companyId }],
    queryFn: ({ pageParam, signal }) => getUsers(companyId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useUsers(companyId: string) {
  // Keep the previous filter's rows on screen while the next one loads: no jump to a skeleton.
  return useInfiniteQuery({ ...usersQueryOptions(companyId), placeholderData: keepPreviousData });
}
