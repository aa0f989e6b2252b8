import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { migrationProvider } from './migrations/index';
import type { DB } from './schema';

/**
 * Applies the pending migrations one at a time, each with its bookkeeping row in one transaction
 * (on SQLite too: database.ts declares its transactional DDL), so a process killed at any point
 * leaves every migration either wholly applied and recorded or not at all, and the next start goes
 * on from there. One call per migration rather than one transaction for all of them keeps what a
 * long upgrade has finished when a later migration fails.
 */
export async function migrateToLatest(db: Kysely<DB>, provider: MigrationProvider = migrationProvider): Promise<void> {
  const migrator = new Migrator({ db, provider });
  for (;;) {
    const { error, results } = await migrator.migrateUp();
    const failed = results?.find((result) => result.status === 'Error');
    if (error || failed) {
      throw new Error(`Migration failed${failed ? ` at ${failed.migrationName}` : ''}`, { cause: error });
    }
    if (!results || results.length === 0) return;
  }
}
