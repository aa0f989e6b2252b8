import type { AssignEmployeesRequest, Event } from '@jornada/shared/schemas/events';
import type { CopyWeekRequest, CopyWeekResponse, RosterResponse } from '@jornada/shared/schemas/roster';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eventKeys, toQueryString } from '@/features/events/api/event-keys';
import { invalidateEvents } from '@/features/events/api/invalidate-events';
import { WORKING_TIME_WARNING } from '@/features/events/api/working-time-warning';
import { api } from '@/lib/api-client';
import { addDays } from '../utils/week';

export interface RosterRange {
  from: string;
  to: string;
  categoryId: string | null;
  companyId: string | null;
}

/** Under 'events': any change of an event (here or in 'Gestionar Eventos') refreshes the roster too. */
export const rosterKey = (range: RosterRange) => [...eventKeys.all, 'roster', range] as const;

/** A week is 7 days; anything else is a month. */
const viewOf = (range: RosterRange) => (range.to === addDays(range.from, 6) ? 'week' : 'month');

/**
 * GET /roster: a row per person, a cell per day, with conflicts (decision 045). The previous
 * answer stays on screen while the next week (or month) loads, but not across a switch between
 * week and month: a week drawn as a month grid is of no use, and drawing it cost the month's
 * budget (decision 045, addendum).
 */
export function useRoster(range: RosterRange, enabled: boolean) {
  return useQuery({
    queryKey: rosterKey(range),
    queryFn: ({ signal }) =>
      api.get<RosterResponse>(
        `/roster${toQueryString({ from: range.from, to: range.to, categoryId: range.categoryId, companyId: range.companyId })}`,
        { signal, toastOnError: false },
      ),
    enabled,
    placeholderData: (previous, previousQuery) => {
      const previousRange = previousQuery?.queryKey.at(-1) as RosterRange | undefined;
      return previousRange && viewOf(previousRange) === viewOf(range) ? previous : undefined;
    },
  });
}

export interface AssignFromRoster {
  eventId: string;
  /** Everyone on the event now plus the newcomer: the endpoint replaces the list. */
  assignedEmployees: string[];
  acknowledgeWarnings: boolean;
}

/**
 * The existing PUT /events/:id/assignments, with its rules (vacation, double booking, working-time
 * warnings to confirm, qualifications). A working-time warning is shown in the dialog ('Asignar
 * igualmente'), not as a toast; every other refusal shows in the dialog too.
 */
export function useAssignFromRoster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, assignedEmployees, acknowledgeWarnings }: AssignFromRoster) =>
      api.put<Event>(
        `/events/${encodeURIComponent(eventId)}/assignments`,
        { assignedEmployees, source: 'roster', ...(acknowledgeWarnings ? { acknowledgeWarnings: true } : {}) } satisfies AssignEmployeesRequest,
        { toastOnError: false, quietCodes: [WORKING_TIME_WARNING] },
      ),
    onSuccess: () => invalidateEvents(queryClient),
  });
}

/** POST /roster/copy-week: the week's assignments onto the next week's same events (decision 045). */
export function useCopyWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CopyWeekRequest) => api.post<CopyWeekResponse>('/roster/copy-week', body, { toastOnError: false }),
    onSuccess: () => invalidateEvents(queryClient),
  });
}
