import type { QueryClient } from '@tanstack/react-query';
import { materialKeys } from './material-keys';

/** After an employee's answer: both of their lists (pending and held) and any loan history. */
export function invalidateLoans(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: materialKeys.loans });
}
