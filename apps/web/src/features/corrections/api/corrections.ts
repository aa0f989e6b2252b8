import type {
  ApproveCorrectionRequest,
  Correction,
  CorrectionListResponse,
  CorrectionSummary,
  MissingRecordEventsResponse,
  ProposeMissingRecordRequest,
  ProposeCorrectionRequest,
  RecordHistoryResponse,
  SinCierreResponse,
} from '@jornada/shared/schemas/corrections';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateTimeRecordViews } from '@/lib/time-records/invalidate-time-records';

export type CorrectionTab = 'pendiente' | 'decididas';

export const correctionKeys = {
  all: ['corrections'] as const,
  list: (status: CorrectionTab, companyId: string | null) => [...correctionKeys.all, 'list', status, companyId ?? 'all'] as const,
  summary: () => [...correctionKeys.all, 'summary'] as const,
  sinCierre: () => [...correctionKeys.all, 'sin-cierre'] as const,
  history: (recordId: string) => [...correctionKeys.all, 'history', recordId] as const,
  missingRecordEvents: (userId: string | null) => [...correctionKeys.all, 'missing-record-events', userId ?? 'me'] as const,
};

/** A correction step changes the lists, the record (Mis Horas, time log, timer) and the overview. */
function invalidateAll(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: correctionKeys.all }), invalidateTimeRecordViews(queryClient)]);
}

export function useCorrections(status: CorrectionTab, companyId: string | null) {
  return useInfiniteQuery({
    queryKey: correctionKeys.list(status, companyId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ status });
      if (pageParam) params.set('cursor', pageParam);
      if (companyId) params.set('companyId', companyId);
      return api.get<CorrectionListResponse>(`/corrections?${params}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useCorrectionSummary(enabled = true) {
  return useQuery({
    queryKey: correctionKeys.summary(),
    queryFn: ({ signal }) => api.get<CorrectionSummary>('/corrections/summary', { signal }),
    enabled,
  });
}

export function useSinCierre(enabled = true) {
  return useQuery({ queryKey: correctionKeys.sinCierre(), queryFn: ({ signal }) => api.get<SinCierreResponse>('/corrections/sin-cierre', { signal }), enabled });
}

export function useRecordHistory(recordId: string) {
  return useQuery({
    queryKey: correctionKeys.history(recordId),
    queryFn: ({ signal }) => api.get<RecordHistoryResponse>(`/time-records/${encodeURIComponent(recordId)}/corrections`, { signal }),
  });
}

export function useProposeCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ recordId, body }: { recordId: string; body: ProposeCorrectionRequest }) =>
      api.post<Correction>(`/time-records/${encodeURIComponent(recordId)}/corrections`, body),
    onSuccess: () => invalidateAll(queryClient),
  });
}

export function useDecideCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, body }: { id: string; action: 'approve' | 'reject' | 'withdraw'; body?: ApproveCorrectionRequest }) =>
      api.post<Correction>(`/corrections/${encodeURIComponent(id)}/${action}`, body ?? {}),
    onSuccess: () => invalidateAll(queryClient),
  });
}

/** The assigned, already started events a missing record may name (the caller's, or `userId`'s). */
export function useMissingRecordEvents(userId: string | null, enabled = true) {
  return useQuery({
    enabled,
    queryKey: correctionKeys.missingRecordEvents(userId),
    queryFn: ({ signal }) => api.get<MissingRecordEventsResponse>(`/corrections/missing-records/events${userId ? `?userId=${encodeURIComponent(userId)}` : ''}`, { signal }),
  });
}

export function useProposeMissingRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProposeMissingRecordRequest) => api.post<Correction>('/corrections/missing-records', body),
    onSuccess: () => invalidateAll(queryClient),
  });
}
