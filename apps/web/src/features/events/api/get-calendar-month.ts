import type { CalendarResponse } from '@jornada/shared/schemas/events';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventKeys, toQueryString } from './event-keys';

/** The overview calendar: the events the viewer may see that start in a month ('yyyy-MM'). */
export function getCalendarMonth(month: string, signal?: AbortSignal): Promise<CalendarResponse> {
  return api.get<CalendarResponse>(`/events/calendar${toQueryString({ month })}`, { signal });
}

export function calendarMonthQueryOptions(month: string) {
  return queryOptions({
    queryKey: eventKeys.calendar(month),
    queryFn: ({ signal }) => getCalendarMonth(month, signal),
  });
}

export function useCalendarMonth(month: string) {
  // The previous month's dots stay until the next month arrives, so the grid never blinks.
  return useQuery({ ...calendarMonthQueryOptions(month), placeholderData: keepPreviousData });
}
