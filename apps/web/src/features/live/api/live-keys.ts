/** The live view's queries sit under one root; the company choices under 'companies' (refreshed with that screen). */
export const liveKeys = {
  all: ['live'] as const,
  view: (companyId: string | null) => [...liveKeys.all, companyId ?? 'all'] as const,
  companies: () => ['companies', 'live-options'] as const,
};
