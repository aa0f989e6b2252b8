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
  /**
   * Forgets every name: the schema changed (a migration in this process) or PostgreSQL refused a
   * prepared plan whose result columns changed (a migration by another server). Later uses prepare
   * the texts again under new names; the old statements stay unused on their connections.
   */
  reset(): void;
  /** How many texts have a name (metrics, tests). */
  size(): number;
}

export function createStatementNamer({ maxNames = 500, maxParameters = 64 }: NamedStatementOptions = {}): StatementNamer {
  const names = new Map<string, string>();
  const seenOnce = new Set<string>();
  let issued = 0;
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
      issued += 1;
      const name = `jornada_${issued}`;
      names.set(text, name);
      return name;
    },
    size: () => names.size,
    reset() {
      names.clear();
      seenOnce.clear();
    },
  };
}

type QueryFunction = (...args: unknown[]) => unknown;

/** Statements that change the schema: plans prepared before them may no longer fit. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop|truncate|comment)\b/i;
/** PostgreSQL's answer to a prepared statement whose table changed shape under it (SQLSTATE 0A000). */
const isStalePlan = (error: unknown) => error instanceof Error && (error as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(error.message);

/**
 * Makes every client `pool` hands out prepare repeated texts by name. Only the two-argument form
 * Kysely uses (text, values) is rewritten; config objects, cursors and callbacks pass unchanged.
 */
export function prepareStatementsByName(pool: pg.Pool, namer: StatementNamer): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as QueryFunction;
    (client as unknown as { query: QueryFunction }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (typeof text === 'string' && SCHEMA_CHANGE.test(text)) namer.reset();
      if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
        const name = namer.nameOf(text, values.length);
        if (name) {
          return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
            if (isStalePlan(error)) namer.reset();
            throw error;
          });
        }
      }
      return query(...args);
    };
  });
}
