import type { Kysely } from 'kysely';
import type { DB } from './schema';
import { migrateToLatest } from './migrate';
import { seedDefaults } from './seed';
import { activeChainKeyring, type ChainKeyring } from '../ledgers/registro-chain/chain-key';
import { ensureChainKey } from '../ledgers/registro-chain/registro-chain';

/**
 * Everything a database needs before the app serves: the schema, the registro chain's key (refused
 * when the chain names another one; decision 031), then the spec's defaults.
 */
export async function prepareDatabase(db: Kysely<DB>, now: Date, keyring: ChainKeyring = activeChainKeyring()): Promise<void> {
  await migrateToLatest(db);
  await ensureChainKey(db, keyring, now);
  await seedDefaults(db, now);
}
