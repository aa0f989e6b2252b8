import { z } from 'zod';
import { idSchema } from './common';

/**
 * Filters shared by the long lists (time log, events, partes, loans, users). They travel in the
 * query string (a reload or a shared link keeps them) and are applied by the server, inside the
 * caller's company: the lists are paged with cursors, so a filter over one page would be wrong.
 */

const plainDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(value: string): boolean {
  const match = plainDatePattern.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An empty query value ('?q=') means no filter, as an empty field in the form does. */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** A calendar day in the company time zone, 'yyyy-MM-dd'. */
export const filterDateSchema = z.preprocess(
  emptyToUndefined,
  z.string({ error: 'La fecha debe tener el formato AAAA-MM-DD.' }).refine(isCalendarDate, { error: 'La fecha debe tener el formato AAAA-MM-DD.' }).optional(),
);

/** Free text matched, case-insensitively, against the list's names. */
export const searchTextSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() || undefined : value),
  z.string({ error: 'La búsqueda no es válida.' }).max(100, { error: 'La búsqueda admite como mucho 100 caracteres.' }).optional(),
);

/** An id filter (a worker, an event); another company's id simply matches nothing. */
export const filterIdSchema = z.preprocess(emptyToUndefined, idSchema.optional());

export const dateRangeFilterShape = { from: filterDateSchema, to: filterDateSchema };

/** Refinement for a schema with `from` and `to`: the range may not run backwards. */
export function dateRangeIsOrdered(value: { from?: string; to?: string }): boolean {
  return value.from === undefined || value.to === undefined || value.from <= value.to;
}
export const DATE_RANGE_MESSAGE = 'La fecha «desde» no puede ser posterior a la fecha «hasta».';

export interface DateRangeFilter {
  from?: string;
  to?: string;
}
