import type { Company, CompanyAssignmentsRequest } from '@jornada/shared/schemas/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companiesQueryKey } from '@/lib/companies/get-companies';

export function saveCompanyAssignments({ id, ...body }: CompanyAssignmentsRequest & { id: string }): Promise<Company> {
  return api.put<Company>(`/companies/${encodeURIComponent(id)}/assignments`, body);
}

export function useSaveCompanyAssignments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompanyAssignments,
    // Roles and categories list their companies; the permission matrix has a row per assigned role.
    onSuccess: () =>
      Promise.all(
        [companiesQueryKey, ['roles'], ['categories'], ['permissions']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
