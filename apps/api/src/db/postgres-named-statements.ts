import type pg from 'pg';

/**
 * PostgreSQL plans an unnamed statement every time it runs it: for the session's three-table
 * lookup that was ~160-200 µs of planning against ~25 µs of execution (EXPLAIN ANALYZE on the
 * bench's data), on the same two cores as the server. A statement prepared by name on a connection
 * is parsed once there, and after five executions PostgreSQL keeps a generic plan when it is no
 * dearer than the custom ones (docs/decisions/056).
 *
 * Kysely runs every query as `client.query(text, values)`; this gives each repeated text a name, so
 * every pooled connection prepares it the first time it runs it there. Names are per process
 * (a text keeps its name on every connection) and bounded:
 * - only texts with parameters (begin/commit and other bare texts stay on the simple protocol);
 * - only from a text's second use, so one-off texts (an export's `in (…)` list of one length, an
 *   administrator's filter combination) never take a name;
 * - at most `maxNames` texts, each with at most `maxParameters` values: every connection keeps a
 *   plan per name, and long `in` lists vary with their length.
 */
export interface NamedStatementOptions {
  maxNames?: number;
  maxParameters?: number;
}

export interface StatementNamer {
  /** The name to prepare `text` under, or undefined to run it unnamed. */
  nameOf(text: string, parameterCount: number): string | undefined;
  /** How many texts have a name (metrics, tests). */
  size(): number;
}

export function createStatementNamer({ maxNames = 500, maxParameters = 64 }: NamedStatementOptions = {}): StatementNamer {
  const names = new Map<string, string>();
  const seenOnce = new Set<string>();
  return {
    nameOf(text, parameterCount) {
      if (parameterCount === 0 || parameterCount > maxParameters) return undefined;
      const known = names.get(text);
      if (known) return known;
      if (names.size >= maxNames) return undefined;
      if (!seenOnce.has(text)) {
        // Bounded like the names: past it, a text seen once is forgotten, never named.
        if (seenOnce.size < maxNames * 4) seenOnce.add(text);
        return undefined;
      }
      seenOnce.delete(text);
      const name = `jornada_${names.size + 1}`;
      names.set(text, name);
      return name;
    },
    size: () => names.size,
  };
}

type QueryFunction = (...args: unknown[]) => unknown;

/**
 * Makes every client `pool` hands out prepare repeated texts by name. Only the two-argument form
 * Kysely uses (text, values) is rewritten; config objects, cursors and callbacks pass unchanged.
 */
export function prepareStatementsByName(pool: pg.Pool, namer: StatementNamer): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as QueryFunction;
    (client as unknown as { query: QueryFunction }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
        const name = namer.nameOf(text, values.length);
        if (name) return query({ name, text, values });
      }
      return query(...args);
    };
  });
}
