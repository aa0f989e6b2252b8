import type { Category, CategoryRequest } from '@jornada/shared/schemas/categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateCategoryLists } from './invalidate';

export function updateCategory({ id, ...body }: CategoryRequest & { id: string }): Promise<Category> {
  return api.put<Category>(`/categories/${encodeURIComponent(id)}`, body);
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCategory, onSuccess: () => invalidateCategoryLists(queryClient) });
}
