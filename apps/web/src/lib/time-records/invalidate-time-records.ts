import type { QueryClient } from '@tanstack/react-query';

/*
 * The roots under which the time-records feature keeps its queries and the overview its cards.
 * They sit below the features because two of them change a record: time-records (clock-in,
 * clock-out) and corrections (an approved or proposed correction). Neither imports the other.
 */
export const timeRecordsRootKey = ['time-records'] as const;
export const overviewRootKey = ['overview'] as const;

/** After a record changes: the timer, the latest records, Mis Horas, the log and the overview cards. */
export function invalidateTimeRecordViews(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: timeRecordsRootKey }), queryClient.invalidateQueries({ queryKey: overviewRootKey })]);
}
