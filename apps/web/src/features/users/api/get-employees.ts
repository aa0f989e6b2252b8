import type { EmployeePage } from '@jornada/shared/schemas/users';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const PAGE_SIZE = 50;

/**
 * GET /api/employees: the Empleado and Supervisor users of the company, by name. An
 * administrator sees every company, or one when `companyId` is given.
 */
export function getEmployees(companyId: string | undefined, cursor: string | undefined, search = '', signal?: AbortSignal): Promise<EmployeePage> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (companyId) params.set('companyId', companyId);
  // The text search runs on the server, over every page (issue 21).
  if (search) params.set('q', search);
  if (cursor) params.set('cursor', cursor);
  return api.get<EmployeePage>(`/employees?${params}`, { signal });
}

export function employeesQueryOptions(companyId: string | undefined, search = '') {
  return infiniteQueryOptions({
    queryKey: ['employees', { companyId: companyId ?? 'all', search }],
    queryFn: ({ pageParam, signal }) => getEmployees(companyId, pageParam, search, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useEmployees(companyId: string | undefined, search = '') {
  return useInfiniteQuery({ ...employeesQueryOptions(companyId, search), placeholderData: keepPreviousData });
}
