import type { MyWorkReport } from '@jornada/shared/schemas/work-reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { workReportKeys } from './work-report-keys';

export interface CreateWorkReportInput {
  eventId: string;
  observations: string;
  /** The pad's PNG; omitted to sign with the saved signature. */
  signature?: string;
  attachments: File[];
}

/** POST /work-reports (multipart): 'Guardar y Firmar Parte'. The dialog words failures itself. */
export function createWorkReport(input: CreateWorkReportInput): Promise<MyWorkReport> {
  const form = new FormData();
  form.append('eventId', input.eventId);
  form.append('observations', input.observations);
  if (input.signature) form.append('signature', input.signature);
  for (const file of input.attachments) form.append('attachments', file, file.name);
  return api.post<MyWorkReport>('/work-reports', form, { toastOnError: false });
}

export function useCreateWorkReport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWorkReport, onSuccess: () => queryClient.invalidateQueries({ queryKey: workReportKeys.all }) });
}
