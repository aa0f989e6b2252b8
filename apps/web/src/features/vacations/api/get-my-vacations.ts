import type { MyVacations } from '@jornada/shared/schemas/vacations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { vacationKeys } from './vacation-keys';

/** GET /my-vacations: the signed-in person's requests (newest first) and confirmed days. Screens show failures inline. */
export function getMyVacations(signal?: AbortSignal): Promise<MyVacations> {
  return api.get<MyVacations>('/my-vacations', { signal, toastOnError: false });
}

export const myVacationsQueryOptions = queryOptions({
  queryKey: vacationKeys.mine(),
  queryFn: ({ signal }) => getMyVacations(signal),
  // A supervisor answers from another device: every screen that shows them asks again when it opens.
  staleTime: 0,
});

export function useMyVacations(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myVacationsQueryOptions, enabled: options.enabled ?? true });
}

/** The viewer's confirmed vacation days, for the overview calendar (red, inert); undefined until loaded. */
export function useConfirmedVacationDays(enabled: boolean): readonly string[] | undefined {
  return useMyVacations({ enabled }).data?.confirmedDates;
}
