import type BetterSqlite3 from 'better-sqlite3';

/**
 * Which tables a write statement may change, read from the schema itself so an in-process cache
 * cannot fall behind a migration: a statement changes every table its text names, plus whatever
 * SQLite changes on its behalf — rows a trigger writes (migration 0150 copies event times into
 * event_assignments) and rows a foreign key's ON DELETE/ON UPDATE action deletes or nulls — and so
 * on transitively. Naming a table in a subquery counts too: a superset only costs a cache refill.
 */
export interface TableGraph {
  /** Every table a statement with this SQL text may change (its own names and their consequences). */
  tablesChangedBy(sql: string): ReadonlySet<string>;
  /** The tables a statement's text names (what a read reads, for tests that check declarations). */
  tablesNamedIn(sql: string): string[];
}

const FOREIGN_KEY_ACTIONS = new Set(['CASCADE', 'SET NULL', 'SET DEFAULT']);
const MAX_CLASSIFIED = 2_000;

export function readTableGraph(sqlite: BetterSqlite3.Database): TableGraph {
  const tables = sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").pluck().all() as string[];
  // A name, quoted or not, that is not part of a longer identifier (events is not event_assignments).
  const patterns = tables.map((table) => ({ table, pattern: new RegExp(`(?<![\\w$])${table}(?![\\w$])`, 'i') }));
  const namesIn = (text: string): string[] => patterns.filter(({ pattern }) => pattern.test(text)).map(({ table }) => table);

  const direct = new Map<string, Set<string>>(tables.map((table) => [table, new Set<string>()]));
  for (const trigger of sqlite.prepare("select tbl_name, sql from sqlite_master where type = 'trigger'").all() as { tbl_name: string; sql: string }[]) {
    for (const target of namesIn(trigger.sql)) if (target !== trigger.tbl_name) direct.get(trigger.tbl_name)?.add(target);
  }
  for (const child of tables) {
    const keys = sqlite.prepare(`select "table" as parent, on_update, on_delete from pragma_foreign_key_list(?)`).all(child) as { parent: string; on_update: string; on_delete: string }[];
    for (const key of keys) {
      if (FOREIGN_KEY_ACTIONS.has(key.on_delete) || FOREIGN_KEY_ACTIONS.has(key.on_update)) direct.get(key.parent)?.add(child);
    }
  }

  const closure = new Map<string, ReadonlySet<string>>();
  for (const table of tables) {
    const reached = new Set<string>([table]);
    const pending = [table];
    while (pending.length > 0) {
      for (const next of direct.get(pending.pop()!) ?? []) {
        if (!reached.has(next)) {
          reached.add(next);
          pending.push(next);
        }
      }
    }
    closure.set(table, reached);
  }

  const classified = new Map<string, ReadonlySet<string>>();
  return {
    tablesNamedIn: namesIn,
    tablesChangedBy(sql) {
      let changed = classified.get(sql);
      if (!changed) {
        const all = new Set<string>();
        for (const table of namesIn(sql)) for (const reached of closure.get(table) ?? []) all.add(reached);
        changed = all;
        if (classified.size >= MAX_CLASSIFIED) classified.clear();
        classified.set(sql, changed);
      }
      return changed;
    },
  };
}
