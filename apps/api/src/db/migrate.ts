import { Migrator, PostgresAdapter, sql, type Kysely, type MigrationProvider } from 'kysely';
import { migrationProvider } from './migrations/index';
import type { DB } from './schema';

/** Any constant shared by every server of one database; advisory locks are scoped to the database. */
const MIGRATION_LOCK_KEY = 4_207_202_611;

/**
 * Applies the pending migrations one at a time, each with its bookkeeping row in one transaction
 * (on SQLite too: database.ts declares its transactional DDL), so a process killed at any point
 * leaves every migration either wholly applied and recorded or not at all, and the next start goes
 * on from there. One call per migration rather than one transaction for all of them keeps what a
 * long upgrade has finished when a later migration fails.
 */
export async function migrateToLatest(db: Kysely<DB>, provider: MigrationProvider = migrationProvider): Promise<void> {
  await whileNoOtherServerMigrates(db, async () => {
    const migrator = new Migrator({ db, provider });
    for (;;) {
      const { error, results } = await migrator.migrateUp();
      const failed = results?.find((result) => result.status === 'Error');
      if (error || failed) {
        throw new Error(`Migration failed${failed ? ` at ${failed.migrationName}` : ''}`, { cause: error });
      }
      if (!results || results.length === 0) return;
    }
  });
}

/**
 * Kysely's own migration lock is a row in a table it first looks for through the catalog; on
 * PostgreSQL that look-up (pg_get_serial_sequence over every column) fails when another server's
 * migration drops a column at that moment (CI, two servers starting at once: 'column "signature" of
 * relation "material_loans" does not exist'). A session advisory lock, held on one pooled
 * connection while the migrations run on others, makes a second server wait until the first is done
 * and only then look at the catalog. SQLite has one process per file, so nothing to wait for there.
 */
async function whileNoOtherServerMigrates(db: Kysely<DB>, migrate: () => Promise<void>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return migrate();
  await db.connection().execute(async (lockHolder) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(lockHolder);
    try {
      await migrate();
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(lockHolder);
    }
  });
}
