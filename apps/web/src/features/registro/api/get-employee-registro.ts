import type { RegistroMonth } from '@jornada/shared/schemas/registro';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { registroKeys } from './registro-keys';

/** GET /registro/employees/:userId: one worker's month, opened by a supervisor or an admin. */
export function getEmployeeRegistro(userId: string, month: string, companyId: string | null, signal?: AbortSignal): Promise<RegistroMonth> {
  const query = new URLSearchParams({ month });
  if (companyId) query.set('companyId', companyId);
  return api.get<RegistroMonth>(`/registro/employees/${encodeURIComponent(userId)}?${query}`, { signal, toastOnError: false });
}

export function useEmployeeRegistro(userId: string | null, month: string, companyId: string | null) {
  return useQuery({
    queryKey: registroKeys.employee(userId ?? '', month, companyId),
    queryFn: ({ signal }) => getEmployeeRegistro(userId ?? '', month, companyId, signal),
    enabled: userId !== null,
  });
}
