import type { QueryClient } from '@tanstack/react-query';

/** Users and employees are two views of the same people: a change to one refreshes both (and the roles' holder counts). */
export function invalidatePeople(queryClient: QueryClient) {
  return Promise.all([['users'], ['employees'], ['roles']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
