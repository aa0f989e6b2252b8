import { badRequest } from './errors';

/**
 * Keyset pagination cursors: the sort key of the last row of a page, opaque to the client
 * (base64url JSON), so a page never skips or repeats rows when new ones arrive.
 */
export function encodeCursor(values: readonly string[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** Longer than any sort key a page ends on (an ISO instant, an id, a name of up to 200 characters). */
const MAX_VALUE_LENGTH = 200;
/** Control characters never occur in a sort key; a NUL is refused by PostgreSQL with an error of its own. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

const isSortKey = (value: unknown): value is string => typeof value === 'string' && value.length <= MAX_VALUE_LENGTH && !CONTROL.test(value);

/** The one place a cursor from a client is read: anything but what encodeCursor made is a 400. */
export function decodeCursor(cursor: string, length: number): string[] {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(values) && values.length === length && values.every(isSortKey)) return values;
  } catch {
    // Falls through to the Spanish error below.
  }
  throw badRequest('El cursor de paginación no es válido.');
}

/** Reads one row past the page to know whether another page follows. */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => readonly string[]): { items: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  return { items, nextCursor: encodeCursor(keyOf(items[items.length - 1]!)) };
}
