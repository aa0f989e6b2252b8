import type { QueryClient } from '@tanstack/react-query';
import { eventKeys, overviewSummaryPrefix } from './event-keys';

/** After any event change: every event list, the calendar and the overview's counts. */
export function invalidateEvents(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: eventKeys.all }),
    queryClient.invalidateQueries({ queryKey: overviewSummaryPrefix }),
  ]);
}
