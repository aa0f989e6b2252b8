import type { Category, CategoryRequest } from '@jornada/shared/schemas/categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateCategoryLists } from './invalidate';

export function createCategory(body: CategoryRequest): Promise<Category> {
  return api.post<Category>('/categories', body);
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCategory, onSuccess: () => invalidateCategoryLists(queryClient) });
}
