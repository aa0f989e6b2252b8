import type { AssigneeAvailabilityResponse } from '@jornada/shared/schemas/assignee-availability';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '@/lib/api-client';
import { askablePlan, type AssignmentPlan } from '../utils/assignment-plan';
import { useDebouncedValue } from '../utils/use-debounced-value';
import { eventKeys, toQueryString } from './event-keys';

export type { AssignmentPlan };

export function getAssigneeAvailability(plan: AssignmentPlan, signal?: AbortSignal): Promise<AssigneeAvailabilityResponse> {
  const query = toQueryString({
    date: plan.date,
    endDate: plan.endDate,
    type: plan.type,
    repeatDays: plan.type === 'constant' ? [...plan.repeatDays].sort().join(',') : undefined,
    eventId: plan.eventId,
    companyId: plan.companyId,
  });
  // The picker shows a failure in place (the states are advice; saving still asks the server).
  return api.get<AssigneeAvailabilityResponse>(`/events/assignee-availability${query}`, { signal, toastOnError: false });
}

/**
 * Who is on vacation, booked or over a working-time rule for the plan. Under the 'events' key, so
 * any event change refreshes it; the previous answer stays on screen while the times change.
 */
export function useAssigneeAvailability(plan: AssignmentPlan | null, enabled = true) {
  return useQuery({
    queryKey: [...eventKeys.all, 'assignee-availability', plan] as const,
    queryFn: ({ signal }) => getAssigneeAvailability(plan!, signal),
    enabled: enabled && plan !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * The availability of the plan as typed, asked once the times have settled for a moment; `plan`
 * is the plan the answer is for (null while the form cannot be judged yet).
 */
export function usePlanAvailability(plan: AssignmentPlan | undefined, enabled = true) {
  const askable = askablePlan(plan);
  const typed = askable ? JSON.stringify(askable) : '';
  const settledKey = useDebouncedValue(typed);
  const settled = useMemo(() => (settledKey ? (JSON.parse(settledKey) as AssignmentPlan) : null), [settledKey]);
  const query = useAssigneeAvailability(settled, enabled);
  return { query, plan: settled, settling: typed !== settledKey };
}
