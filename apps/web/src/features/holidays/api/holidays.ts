import type { CreateHolidayRequest, ExcludeNationalHolidayRequest, Holiday, HolidayYear } from '@jornada/shared/schemas/holidays';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const holidayKeys = {
  all: ['holidays'] as const,
  year: (year: number, companyId: string | null) => ['holidays', year, companyId] as const,
};

/** GET /holidays: the year's national holidays and the company's own. */
export function useHolidayYear(year: number, companyId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: holidayKeys.year(year, companyId),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ year: String(year), ...(companyId ? { companyId } : {}) });
      return api.get<HolidayYear>(`/holidays?${params}`, { signal, toastOnError: false });
    },
    enabled,
  });
}

function useInvalidateHolidays() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: holidayKeys.all });
}

/** POST /holidays; the dialog shows a refusal itself (a day already taken, a bad date). */
export function useAddHoliday() {
  const invalidate = useInvalidateHolidays();
  return useMutation({
    mutationFn: (body: CreateHolidayRequest) => api.post<Holiday>('/holidays', body, { toastOnError: false }),
    onSuccess: invalidate,
  });
}

/** DELETE /holidays/:id */
export function useRemoveHoliday() {
  const invalidate = useInvalidateHolidays();
  return useMutation({ mutationFn: (id: string) => api.delete<{ ok: true }>(`/holidays/${encodeURIComponent(id)}`), onSuccess: invalidate });
}

/** PUT /holidays/national/:date: a national date the company's community does not keep, or keeps again. */
export function useSetNationalExcluded() {
  const invalidate = useInvalidateHolidays();
  return useMutation({
    mutationFn: ({ date, ...body }: ExcludeNationalHolidayRequest & { date: string }) => api.put<Holiday>(`/holidays/national/${date}`, body),
    onSuccess: invalidate,
  });
}
