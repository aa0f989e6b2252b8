import type {
  CreateQualificationTypeRequest,
  EventRequirements,
  ExpiringList,
  Qualification,
  QualificationList,
  QualificationRequirements,
  QualificationType,
  QualificationTypeList,
  SaveCategoryRequirementsRequest,
  SaveQualificationRequest,
} from '@jornada/shared/schemas/qualifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every query of the feature sits under 'qualifications': one change refreshes them all (they are small). */
export const qualificationKeys = {
  all: ['qualifications'] as const,
  types: (companyId: string | null) => ['qualifications', 'types', companyId] as const,
  requirements: (companyId: string | null) => ['qualifications', 'requirements', companyId] as const,
  employee: (employeeId: string) => ['qualifications', 'employee', employeeId] as const,
  mine: () => ['qualifications', 'mine'] as const,
  expiring: (companyId: string | null) => ['qualifications', 'expiring', companyId] as const,
  event: (eventId: string) => ['qualifications', 'event', eventId] as const,
};

const companyQuery = (companyId: string | null) => (companyId ? `?companyId=${encodeURIComponent(companyId)}` : '');

/** GET /qualification-types: the company's list (an administrator names the company). */
export function useQualificationTypes(companyId: string | null, enabled = true) {
  return useQuery({
    queryKey: qualificationKeys.types(companyId),
    queryFn: ({ signal }) => api.get<QualificationTypeList>(`/qualification-types${companyQuery(companyId)}`, { signal, toastOnError: false }),
    enabled,
  });
}

/** GET /qualification-requirements: what each category of the company requires. */
export function useQualificationRequirements(companyId: string | null, enabled = true) {
  return useQuery({
    queryKey: qualificationKeys.requirements(companyId),
    queryFn: ({ signal }) => api.get<QualificationRequirements>(`/qualification-requirements${companyQuery(companyId)}`, { signal, toastOnError: false }),
    enabled,
  });
}

/** GET /employees/:id/qualifications */
export function useEmployeeQualifications(employeeId: string) {
  return useQuery({
    queryKey: qualificationKeys.employee(employeeId),
    queryFn: ({ signal }) => api.get<QualificationList>(`/employees/${encodeURIComponent(employeeId)}/qualifications`, { signal, toastOnError: false }),
  });
}

/** GET /my-qualifications */
export function useMyQualifications() {
  return useQuery({ queryKey: qualificationKeys.mine(), queryFn: ({ signal }) => api.get<QualificationList>('/my-qualifications', { signal, toastOnError: false }) });
}

/** GET /qualifications/expiring: 'Caducidades'. */
export function useExpiringQualifications(companyId: string | null, enabled = true) {
  return useQuery({
    queryKey: qualificationKeys.expiring(companyId),
    queryFn: ({ signal }) => api.get<ExpiringList>(`/qualifications/expiring${companyQuery(companyId)}`, { signal, toastOnError: false }),
    enabled,
  });
}

/** GET /events/:id/qualification-requirements: the event form's 'Titulaciones requeridas' when editing. */
export function useEventRequirements(eventId: string | undefined) {
  return useQuery({
    queryKey: qualificationKeys.event(eventId ?? ''),
    queryFn: ({ signal }) => api.get<EventRequirements>(`/events/${encodeURIComponent(eventId ?? '')}/qualification-requirements`, { signal }),
    enabled: eventId !== undefined,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: qualificationKeys.all });
}

/** POST /qualification-types; the screen shows a refusal itself (a name already used). */
export function useCreateQualificationType() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: (body: CreateQualificationTypeRequest) => api.post<QualificationType>('/qualification-types', body, { toastOnError: false }), onSuccess });
}

/** DELETE /qualification-types/:id (refused while someone holds it: the toast says so). */
export function useDeleteQualificationType() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api.delete<{ ok: true }>(`/qualification-types/${encodeURIComponent(id)}`), onSuccess });
}

/** PUT /qualification-requirements/categories/:id */
export function useSaveCategoryRequirements() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ categoryId, ...body }: SaveCategoryRequirementsRequest & { categoryId: string }) =>
      api.put<QualificationRequirements>(`/qualification-requirements/categories/${encodeURIComponent(categoryId)}`, body),
    onSuccess,
  });
}

/** POST /employees/:id/qualifications or PUT /qualifications/:id; the editor shows a refusal itself. */
export function useSaveQualification() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ employeeId, id, body }: { employeeId: string; id?: string; body: SaveQualificationRequest }) =>
      id
        ? api.put<Qualification>(`/qualifications/${encodeURIComponent(id)}`, body, { toastOnError: false })
        : api.post<Qualification>(`/employees/${encodeURIComponent(employeeId)}/qualifications`, body, { toastOnError: false }),
    onSuccess,
  });
}

/** DELETE /qualifications/:id */
export function useDeleteQualification() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api.delete<{ ok: true }>(`/qualifications/${encodeURIComponent(id)}`), onSuccess });
}

/** PUT /qualifications/:id/photo (multipart) */
export function useUploadQualificationPhoto() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.put<Qualification>(`/qualifications/${encodeURIComponent(id)}/photo`, form);
    },
    onSuccess,
  });
}
