/**
 * Query keys of the material feature. Materials (stock) and loans sit under their own prefixes: a
 * loan moves stock, so lending invalidates both.
 */
export const materialKeys = {
  materials: ['material'] as const,
  list: (companyId: string | null) => ['material', 'list', companyId] as const,
  loans: ['material-loans'] as const,
  loanList: (filter: string, companyId: string | null, filters: Record<string, string> = {}) => ['material-loans', 'list', filter, companyId, filters] as const,
  lendable: (companyId: string | null) => ['material-loans', 'lendable-employees', companyId] as const,
  mine: (view: string) => ['material-loans', 'mine', view] as const,
};

/** Builds a query string, skipping empty values. */
export function toQueryString(params: Record<string, string | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}
