import { Migrator, type Kysely } from 'kysely';
import { migrationProvider } from './migrations/index';
import type { DB } from './schema';

export async function migrateToLatest(db: Kysely<DB>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration failed${failed ? ` at ${failed.migrationName}` : ''}`, { cause: error });
  }
}
