import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Every table's content as one hash per table, read from the database's own catalogue so tables
 * added later are covered without editing this file. Used to prove that a refused request, or any
 * GET, changed nothing.
 */
export type Snapshot = Map<string, string>;

/**
 * `sessions` is left out: reading with a cookie refreshes its activity time (idle expiry needs it)
 * and a dead session is deleted when presented. Migration bookkeeping never changes at run time.
 */
export const HOUSEKEEPING_TABLES = new Set(['sessions']);

/**
 * Columns left out of a table's hash: an API token's rate-limit counter and last use change with
 * every request made with it (decision 054), refused or not; the rest of the row must not.
 */
const HOUSEKEEPING_COLUMNS: Record<string, readonly string[]> = {
  api_tokens: ['id', 'user_id', 'name', 'token_hash', 'hint', 'scopes', 'created_at', 'expires_at', 'revoked_at'],
};
const source = (table: string) => {
  const kept = HOUSEKEEPING_COLUMNS[table];
  return kept ? sql`(select ${sql.join(kept.map((column) => sql.ref(column)))} from ${sql.table(table)})` : sql.table(table);
};

async function tableNames(db: Kysely<DB>, dialect: 'sqlite' | 'postgres', skip: Set<string>): Promise<string[]> {
  const rows =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  return rows.rows.map((row) => row.name).filter((name) => !skip.has(name) && !name.startsWith('kysely_')).sort();
}

export async function snapshot(db: Kysely<DB>, dialect: 'sqlite' | 'postgres', skip: Set<string> = HOUSEKEEPING_TABLES): Promise<Snapshot> {
  const result: Snapshot = new Map();
  const tables = await tableNames(db, dialect, skip);
  if (dialect === 'postgres') {
    // One round trip: the server hashes each table's rows (sorted by their text form) itself.
    const parts = tables.map((table) => sql`select ${table}::text as name, md5(coalesce(string_agg(t::text, '\n' order by t::text), '')) as hash from ${source(table)} t`);
    const rows = await sql<{ name: string; hash: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
    for (const row of rows.rows) result.set(row.name, row.hash);
    return result;
  }
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${source(table)}`.execute(db);
    // Row order is not guaranteed without ORDER BY: sort the serialised rows instead of the query.
    const lines = rows.rows.map((row) => JSON.stringify(row, (_key, value: unknown) => (Buffer.isBuffer(value) ? value.toString('base64') : typeof value === 'bigint' ? String(value) : value))).sort();
    result.set(table, createHash('sha256').update(lines.join('\n')).digest('hex'));
  }
  return result;
}

/** The tables whose content differs between two snapshots, minus those allowed to change. */
export function changedTables(before: Snapshot, after: Snapshot, allowed: string[] = []): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => !allowed.includes(name) && before.get(name) !== after.get(name)).sort();
}
