import type { RequiredDoc } from '@jornada/shared/schemas/categories';

/**
 * 'DNI (foto)': a required document's name with its type. A name that already says its type (older
 * data named 'DNI (foto)') keeps it once, not 'DNI (foto) (foto)'.
 */
export function requiredDocLabel(doc: Pick<RequiredDoc, 'name' | 'type'>): string {
  const suffix = `(${doc.type})`;
  const name = doc.name.trim();
  return name.toLowerCase().endsWith(suffix) ? name : `${name} ${suffix}`;
}
