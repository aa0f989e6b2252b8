import type { ActionLogPage } from '@jornada/shared/schemas/action-log';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const PAGE_SIZE = 50;

/** GET /api/action-log: newest first, without sign-ins, a page at a time (it grows forever). */
export function getActionLog(companyId: string | undefined, cursor: string | undefined, signal?: AbortSignal): Promise<ActionLogPage> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (companyId) params.set('companyId', companyId);
  if (cursor) params.set('cursor', cursor);
  return api.get<ActionLogPage>(`/action-log?${params}`, { signal });
}

export function actionLogQueryOptions(companyId: string | undefined) {
  return infiniteQueryOptions({
    queryKey: ['action-log', { companyId: companyId ?? 'all' }],
    queryFn: ({ pageParam, signal }) => getActionLog(companyId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useActionLog(companyId: string | undefined) {
  return useInfiniteQuery({ ...actionLogQueryOptions(companyId), placeholderData: keepPreviousData });
}
