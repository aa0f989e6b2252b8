/**
 * Query keys of the events feature. Every list and the calendar sit under 'events', so a
 * mutation invalidates them all at once; the overview's summary cards count events too.
 */
export const eventKeys = {
  all: ['events'] as const,
  managed: (statuses: string, filters: Record<string, string> = {}) => ['events', 'managed', statuses, filters] as const,
  supervised: (filters: Record<string, string> = {}) => ['events', 'supervised', filters] as const,
  log: (filters: Record<string, string> = {}) => ['events', 'log', filters] as const,
  shifts: (filter: string) => ['events', 'shifts', filter] as const,
  calendar: (month: string) => ['events', 'calendar', month] as const,
  assignable: (companyId: string | null) => ['events', 'assignable-employees', companyId] as const,
};

/** The overview feature's summary key prefix (totals change with every event change). */
export const overviewSummaryPrefix = ['overview'] as const;

/** Builds a query string, skipping empty values. */
export function toQueryString(params: Record<string, string | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}
