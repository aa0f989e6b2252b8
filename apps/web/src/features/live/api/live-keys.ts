/** The live view's queries sit under one root. */
export const liveKeys = {
  all: ['live'] as const,
  view: (companyId: string | null) => [...liveKeys.all, companyId ?? 'all'] as const,
};
