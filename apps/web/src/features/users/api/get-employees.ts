import type { EmployeePage } from '@jornada/shared/schemas/users';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const PAGE_SIZE = 50;

/**
 * GET /api/employees: the Empleado and Supervisor users of the company, by name. An
 * administrator sees every company, or one when `companyId` is given.
 */
export function getEmployees(companyId: string | undefined, cursor: string | undefined, signal?: AbortSignal): Promise<EmployeePage> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (companyId) params.set('companyId', companyId);
  if (cursor) params.set('cursor', cursor);
  return api.get<EmployeePage>(`/employees?${params}`, { signal });
}

export function employeesQueryOptions(companyId: string | undefined) {
  return infiniteQueryOptions({
    queryKey: ['employees', { companyId: companyId ?? 'all' }],
    queryFn: ({ pageParam, signal }) => getEmployees(companyId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useEmployees(companyId: string | undefined) {
  return useInfiniteQuery({ ...employeesQueryOptions(companyId), placeholderData: keepPreviousData });
}
