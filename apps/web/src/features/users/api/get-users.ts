import type { UserPage } from '@jornada/shared/schemas/users';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const usersQueryKey = ['users'] as const;
const PAGE_SIZE = 50;

/** GET /api/users: by name, a page at a time. `companyId` is 'all', 'none' (administrators) or a company id. */
export function getUsers(companyId: string, cursor: string | undefined, search = '', signal?: AbortSignal): Promise<UserPage> {
  const params = new URLSearchParams({ companyId, limit: String(PAGE_SIZE) });
  // The text search runs on the server, over every page (issue 21).
  if (search) params.set('q', search);
  if (cursor) params.set('cursor', cursor);
  return api.get<UserPage>(`/users?${params}`, { signal });
}

export function usersQueryOptions(companyId: string, search = '') {
  return infiniteQueryOptions({
    queryKey: [...usersQueryKey, { companyId, search }],
    queryFn: ({ pageParam, signal }) => getUsers(companyId, pageParam, search, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useUsers(companyId: string, search = '') {
  // Keep the previous filter's rows on screen while the next one loads: no jump to a skeleton.
  return useInfiniteQuery({ ...usersQueryOptions(companyId, search), placeholderData: keepPreviousData });
}
