import type { Category } from '@jornada/shared/schemas/categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/categories. The same query key as features/categories, so both share one cache entry. */
export const categoriesQueryOptions = queryOptions({
  queryKey: ['categories'],
  queryFn: ({ signal }) => api.get<Category[]>('/categories', { signal }),
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
