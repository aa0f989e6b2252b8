import type { QueryClient } from '@tanstack/react-query';
import { companiesQueryKey } from '@/lib/companies/get-companies';
import { categoriesQueryKey } from './get-categories';

/**
 * A category change reaches the companies (their assigned categories) and, on delete, the
 * users who held it; refresh every list that shows categories.
 */
export function invalidateCategoryLists(queryClient: QueryClient) {
  return Promise.all(
    [categoriesQueryKey, companiesQueryKey, ['users'], ['employees']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
