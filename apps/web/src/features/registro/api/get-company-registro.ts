import type { CompanyRegistro } from '@jornada/shared/schemas/registro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { registroKeys } from './registro-keys';

/** GET /registro/company: each worker's month totals and whether they signed. Failures show inline. */
export function getCompanyRegistro(month: string, companyId: string | null, signal?: AbortSignal): Promise<CompanyRegistro> {
  const query = new URLSearchParams({ month });
  if (companyId) query.set('companyId', companyId);
  return api.get<CompanyRegistro>(`/registro/company?${query}`, { signal, toastOnError: false });
}

export function useCompanyRegistro(month: string, companyId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: registroKeys.company(month, companyId),
    queryFn: ({ signal }) => getCompanyRegistro(month, companyId, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
