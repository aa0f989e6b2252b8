import type { QueryClient } from '@tanstack/react-query';

/** Every vacations query sits under ['vacations'], so one invalidation refreshes them all. */
export const vacationKeys = {
  all: ['vacations'] as const,
  mine: () => [...vacationKeys.all, 'mine'] as const,
  list: (state: 'pending' | 'processed', companyId: string | null) => [...vacationKeys.all, 'list', state, companyId] as const,
  employees: (companyId: string | null) => [...vacationKeys.all, 'employees', companyId] as const,
};

/** A request moves between the lists, the employee's own view and the overview's calendar and actions. */
export function invalidateVacations(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: vacationKeys.all });
}
