import type { LoanFilter } from '@jornada/shared/material';
import type { LoanPage } from '@jornada/shared/schemas/material';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { materialKeys, toQueryString } from './material-keys';

/** Material Prestado: one page of the history of a filter, newest first. */
export function getLoans(
  filter: LoanFilter,
  companyId: string | null,
  cursor: string | undefined,
  filters: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<LoanPage> {
  return api.get<LoanPage>(`/material-loans${toQueryString({ ...filters, filter, companyId, cursor, limit: '20' })}`, { signal });
}

/** `filters`: the list filters of issue 21 (userId, from, to, q), applied by the server. */
export function loansQueryOptions(filter: LoanFilter, companyId: string | null, filters: Record<string, string> = {}) {
  return infiniteQueryOptions({
    queryKey: materialKeys.loanList(filter, companyId, filters),
    queryFn: ({ pageParam, signal }) => getLoans(filter, companyId, pageParam, filters, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useLoans(filter: LoanFilter, companyId: string | null, filters: Record<string, string> = {}, enabled = true) {
  return useInfiniteQuery({ ...loansQueryOptions(filter, companyId, filters), enabled });
}
