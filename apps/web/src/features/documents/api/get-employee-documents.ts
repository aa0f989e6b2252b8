import type { EmployeeDocumentsResponse } from '@jornada/shared/schemas/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './document-keys';

/** GET /employees/:id/documents: the Documentos tab of view-employees. */
export function getEmployeeDocuments(employeeId: string, signal?: AbortSignal): Promise<EmployeeDocumentsResponse> {
  return api.get<EmployeeDocumentsResponse>(`/employees/${encodeURIComponent(employeeId)}/documents`, { signal, toastOnError: false });
}

export const employeeDocumentsQueryOptions = (employeeId: string) =>
  queryOptions({ queryKey: documentKeys.employee(employeeId), queryFn: ({ signal }) => getEmployeeDocuments(employeeId, signal) });

export function useEmployeeDocuments(employeeId: string) {
  return useQuery(employeeDocumentsQueryOptions(employeeId));
}
