/** Query keys of 'Accesos de Inspección'; mutations invalidate `all`. */
export const accessLinkKeys = {
  all: ['access-links'] as const,
  list: (companyId: string | null) => ['access-links', 'list', companyId ?? 'all'] as const,
  uses: (linkId: string) => ['access-links', 'uses', linkId] as const,
  publicView: (token: string) => ['public-access', token] as const,
};
