import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateCategoryLists } from './invalidate';

export function deleteCategory(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/categories/${encodeURIComponent(id)}`);
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCategory, onSuccess: () => invalidateCategoryLists(queryClient) });
}
