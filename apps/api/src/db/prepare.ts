import type { Kysely } from 'kysely';
import type { DB } from './schema';
import { migrateToLatest } from './migrate';
import { seedDefaults } from './seed';

/** Everything a database needs before the app serves: the schema, then the spec's defaults. */
export async function prepareDatabase(db: Kysely<DB>, now: Date): Promise<void> {
  await migrateToLatest(db);
  await seedDefaults(db, now);
}
