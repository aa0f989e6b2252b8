import { dayStartInstant, nextPlainDay } from '@jornada/shared/format';
import type { DateRangeFilter } from '@jornada/shared/schemas/list-filters';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';

/**
 * The instants [from, to) that a range of calendar days covers in the company time zone: 'to' is
 * the start of the day after the last one, so a record at 23:59 of the last day still counts.
 * Instants are ISO UTC text (decision 002): the bounds compare as strings and use the indexes.
 */
export function dayRangeInstants(range: DateRangeFilter, timeZone: string): { from?: string; to?: string } {
  return {
    from: range.from === undefined ? undefined : dayStartInstant(range.from, timeZone).toISOString(),
    to: range.to === undefined ? undefined : dayStartInstant(nextPlainDay(range.to), timeZone).toISOString(),
  };
}

/** A LIKE pattern that matches `text` literally anywhere (its % and _ are escaped). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Whether any of the columns contains the text, ignoring case, the same on SQLite and PostgreSQL
 * (lower() on both sides; SQLite's LIKE alone ignores only ASCII case, PostgreSQL's not at all).
 */
export function anyContains<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, columns: readonly Expression<string | null>[], text: string): Expression<SqlBool> {
  const pattern = containsPattern(text);
  return eb.or(columns.map((column) => sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`));
}
