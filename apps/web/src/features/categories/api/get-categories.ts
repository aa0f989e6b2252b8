import type { Category } from '@jornada/shared/schemas/categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const categoriesQueryKey = ['categories'] as const;

/** GET /api/categories: every category for an administrator, with its companies and required documents. */
export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return api.get<Category[]>('/categories', { signal });
}

export const categoriesQueryOptions = queryOptions({
  queryKey: categoriesQueryKey,
  queryFn: ({ signal }) => getCategories(signal),
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
