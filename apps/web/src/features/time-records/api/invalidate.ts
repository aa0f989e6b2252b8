import type { QueryClient } from '@tanstack/react-query';
import { overviewRootKey, timeRecordKeys } from './query-keys';

/** After a clock-in or clock-out: the timer, the latest records, Mis Horas, the log and the overview cards. */
export function invalidateAfterClock(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: timeRecordKeys.all }),
    queryClient.invalidateQueries({ queryKey: overviewRootKey }),
  ]);
}
