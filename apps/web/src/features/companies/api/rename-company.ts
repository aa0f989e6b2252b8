import type { Company, CompanyRequest } from '@jornada/shared/schemas/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companiesQueryKey } from '@/lib/companies/get-companies';

export function renameCompany({ id, ...body }: CompanyRequest & { id: string }): Promise<Company> {
  return api.put<Company>(`/companies/${encodeURIComponent(id)}`, body);
}

export function useRenameCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameCompany,
    // Users show their company's name too.
    onSuccess: () => Promise.all([companiesQueryKey, ['users']].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
