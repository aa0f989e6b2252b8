import type { VacationPage } from '@jornada/shared/schemas/vacations';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { vacationKeys } from './vacation-keys';

export const VACATIONS_PAGE_SIZE = 20;
export type VacationListState = 'pending' | 'processed';

/** GET /vacations: one page of the company's pending or processed requests, newest first. */
export function getVacations(
  params: { state: VacationListState; companyId: string | null; cursor?: string },
  signal?: AbortSignal,
): Promise<VacationPage> {
  const query = new URLSearchParams({ state: params.state, limit: String(VACATIONS_PAGE_SIZE) });
  if (params.companyId) query.set('companyId', params.companyId);
  if (params.cursor) query.set('cursor', params.cursor);
  return api.get<VacationPage>(`/vacations?${query}`, { signal, toastOnError: false });
}

export const vacationsQueryOptions = (state: VacationListState, companyId: string | null) =>
  infiniteQueryOptions({
    queryKey: vacationKeys.list(state, companyId),
    queryFn: ({ pageParam, signal }) => getVacations({ state, companyId, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export function useVacations(state: VacationListState, companyId: string | null) {
  return useInfiniteQuery(vacationsQueryOptions(state, companyId));
}
