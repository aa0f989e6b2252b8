import type { MaterialList } from '@jornada/shared/schemas/material';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { materialKeys, toQueryString } from './material-keys';

/** The scope's materials with their sizes and stock (an administrator may narrow it to one company). */
export function getMaterials(companyId: string | null, signal?: AbortSignal): Promise<MaterialList> {
  return api.get<MaterialList>(`/material${toQueryString({ companyId })}`, { signal });
}

export function materialsQueryOptions(companyId: string | null) {
  return queryOptions({ queryKey: materialKeys.list(companyId), queryFn: ({ signal }) => getMaterials(companyId, signal) });
}

export function useMaterials(companyId: string | null, enabled = true) {
  return useQuery({ ...materialsQueryOptions(companyId), enabled });
}
