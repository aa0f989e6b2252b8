import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/query-client';

/** DELETE /api/companies/:id, confirmed by typing the company's name; the server cascades. */
export function deleteCompany({ id, confirmName }: { id: string; confirmName: string }): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/companies/${encodeURIComponent(id)}`, { body: { confirmName }, toastOnError: false });
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    // Everything of the company is gone: users, events, records... refresh every list but the session.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] }),
  });
}
