import type { RegistroMonth } from '@jornada/shared/schemas/registro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { registroKeys } from './registro-keys';

/** GET /registro/mine?month=yyyy-MM: the caller's own monthly record. The screen shows failures inline. */
export function getMyRegistro(month: string, signal?: AbortSignal): Promise<RegistroMonth> {
  return api.get<RegistroMonth>(`/registro/mine?${new URLSearchParams({ month })}`, { signal, toastOnError: false });
}

export function useMyRegistro(month: string) {
  return useQuery({ queryKey: registroKeys.mine(month), queryFn: ({ signal }) => getMyRegistro(month, signal), placeholderData: keepPreviousData });
}
