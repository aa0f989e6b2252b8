import type { AssignableEmployees } from '@jornada/shared/schemas/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventKeys, toQueryString } from './event-keys';

/** The assign-employees dialog: Empleado and Supervisor users of the company, and its categories. */
export function getAssignableEmployees(companyId: string | null, signal?: AbortSignal): Promise<AssignableEmployees> {
  return api.get<AssignableEmployees>(`/events/assignable-employees${toQueryString({ companyId })}`, { signal });
}

export function assignableEmployeesQueryOptions(companyId: string | null) {
  return queryOptions({
    queryKey: eventKeys.assignable(companyId),
    queryFn: ({ signal }) => getAssignableEmployees(companyId, signal),
  });
}

/** `companyId` is the administrator's chosen company (null for a supervisor: their own). */
export function useAssignableEmployees(companyId: string | null, enabled = true) {
  return useQuery({ ...assignableEmployeesQueryOptions(companyId), enabled });
}
