import type { Company, CompanyRequest } from '@jornada/shared/schemas/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companiesQueryKey } from '@/lib/companies/get-companies';

export function createCompany(body: CompanyRequest): Promise<Company> {
  return api.post<Company>('/companies', body);
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    // A new company gets the default roles, which the roles list shows per company.
    onSuccess: () => Promise.all([companiesQueryKey, ['roles']].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
