import { randomUUID } from 'node:crypto';

/** Opaque ids with the spec's prefixes (comp-, cat-, mat-, loan-, payment-, wr-) and ours for the rest. */
export function newId(prefix: string): string {
  return `${prefix}-${randomUUID()}`;
}
