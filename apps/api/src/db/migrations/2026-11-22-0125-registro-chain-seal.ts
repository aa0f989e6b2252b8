import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema';
import { appendVersion1Entry, sealUnchainedRows } from '../../ledgers/registro-chain/registro-chain';

// Migrations are never edited once landed: add a new file instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  // 'Sin cierre' counts read a company's active records at every overview.
  await sql`create index time_records_active_company_idx on time_records (company_id, start_time) where status = 'activo'`.execute(db);
  // Records written before the chain existed are sealed once, here, as they are: from now on a row
  // without an entry can only come from behind the app's back, and verification reports it.
  // (Sealed as version 1 entries, as they always were: this migration runs before the keyed columns
  // of 0160 exist; decision 031.)
  await sealUnchainedRows(db as unknown as Kysely<DB>, new Date(), undefined, appendVersion1Entry);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists time_records_active_company_idx`.execute(db);
}
