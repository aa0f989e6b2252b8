import type { LoanFilter } from '@jornada/shared/material';
import type { LoanPage } from '@jornada/shared/schemas/material';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { materialKeys, toQueryString } from './material-keys';

/** Material Prestado: one page of the history of a filter, newest first. */
export function getLoans(filter: LoanFilter, companyId: string | null, cursor: string | undefined, signal?: AbortSignal): Promise<LoanPage> {
  return api.get<LoanPage>(`/material-loans${toQueryString({ filter, companyId, cursor, limit: '20' })}`, { signal });
}

export function loansQueryOptions(filter: LoanFilter, companyId: string | null) {
  return infiniteQueryOptions({
    queryKey: materialKeys.loanList(filter, companyId),
    queryFn: ({ pageParam, signal }) => getLoans(filter, companyId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useLoans(filter: LoanFilter, companyId: string | null) {
  return useInfiniteQuery(loansQueryOptions(filter, companyId));
}
