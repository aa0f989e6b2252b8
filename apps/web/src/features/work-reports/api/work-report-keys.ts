/** Every query of this feature sits under one root: a new report refreshes both sides' lists. */
export const workReportKeys = {
  all: ['work-reports'] as const,
  pending: () => [...workReportKeys.all, 'pending'] as const,
  mine: () => [...workReportKeys.all, 'mine'] as const,
  signature: () => [...workReportKeys.all, 'signature'] as const,
  employeeReports: (filters: Record<string, string> = {}) => [...workReportKeys.all, 'employee-reports', filters] as const,
  filterOptions: () => [...workReportKeys.all, 'filter-options'] as const,
  employeeReport: (id: string) => [...workReportKeys.all, 'employee-report', id] as const,
};

export const PAGE_SIZE = 20;

/** The query string of one page of a cursor-paged list. */
export function pageParams(cursor: string | undefined): URLSearchParams {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return params;
}
