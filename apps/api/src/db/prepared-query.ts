import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import type { DB } from './schema';

/**
 * Queries on the hot paths (every request's session, the clock-in, the overview) built and compiled
 * by Kysely once per dialect instead of on every call: building and compiling a three-table select
 * costs ~17 µs, executing the compiled text ~4 µs (docs/decisions/022). The query is written with
 * the ordinary builder; `param('name')` marks where a call's values go.
 *
 *   const findUser = preparedQuery<{ id: string }>()((db, param) =>
 *     db.selectFrom('users').select(['id', 'name']).where('id', '=', param('id')));
 *   const user = await findUser.takeFirst(db, { id });
 *
 * The builder must not branch on values (no `$if` on a parameter): one text serves every call. It
 * still runs through Kysely's executor, so transactions (and SQLite's single-connection mutex)
 * behave exactly as with the builder.
 */
const MARK = '\u0000jornada-param:';

type Slot = { param: string } | { constant: unknown };

interface Template {
  sql: string;
  slots: Slot[];
}

export interface PreparedQuery<P, O> {
  execute(db: Kysely<DB>, params: P): Promise<O[]>;
  takeFirst(db: Kysely<DB>, params: P): Promise<O | undefined>;
  /** For writes: the driver's result (numAffectedRows). */
  run(db: Kysely<DB>, params: P): Promise<QueryResult<O>>;
  /** The compiled text on `db`'s dialect (for listeners that recognise a statement by its text). */
  sql(db: Kysely<DB>): string;
}

export function preparedQuery<P extends Record<string, unknown>>() {
  return <O>(build: (db: Kysely<DB>, param: <K extends keyof P & string>(name: K) => P[K]) => Compilable<O>): PreparedQuery<P, O> => {
    // Keyed by the dialect's adapter: a root Kysely and its transactions share it, and its
    // compiler decides the text (`?` or `$1`).
    const templates = new WeakMap<object, Template>();
    const template = (db: Kysely<DB>): Template => {
      const adapter = db.getExecutor().adapter;
      let found = templates.get(adapter);
      if (!found) {
        const compiled = build(db, (name) => `${MARK}${name}` as never).compile();
        found = {
          sql: compiled.sql,
          slots: compiled.parameters.map((value) =>
            typeof value === 'string' && value.startsWith(MARK) ? { param: value.slice(MARK.length) } : { constant: value },
          ),
        };
        templates.set(adapter, found);
      }
      return found;
    };
    const run = (db: Kysely<DB>, params: P): Promise<QueryResult<O>> => {
      const { sql, slots } = template(db);
      const values = slots.map((slot) => ('param' in slot ? params[slot.param] : slot.constant));
      return db.executeQuery(CompiledQuery.raw(sql, values) as CompiledQuery<O>);
    };
    return {
      run,
      sql: (db) => template(db).sql,
      execute: async (db, params) => (await run(db, params)).rows,
      takeFirst: async (db, params) => (await run(db, params)).rows[0],
    };
  };
}
