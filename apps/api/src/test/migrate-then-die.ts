/**
 * Child process of migrate-atomic.test.ts: runs the real migrations against DATABASE_URL and SIGKILLs
 * itself inside the named one, deterministically, at the point the test asks for:
 *   mid-up    right after the migration's first statement ran
 *   after-up  after all of the migration's statements, before its bookkeeping row is written
 * Usage: tsx migrate-then-die.ts <database-url> <migration-name> <mid-up|after-up>
 */
import type { Kysely, KyselyPlugin, Migration } from 'kysely';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { migrationProvider } from '../db/migrations/index';

const [url, target, when] = process.argv.slice(2);
if (!url || !target || (when !== 'mid-up' && when !== 'after-up')) throw new Error('usage: migrate-then-die.ts <url> <migration> <mid-up|after-up>');

function die(): Promise<never> {
  process.kill(process.pid, 'SIGKILL');
  return new Promise(() => {});
}

const dieAfterFirstStatement: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async () => die(),
};

const migrations = await migrationProvider.getMigrations();
if (!migrations[target]) throw new Error(`no migration ${target}`);
const dying: Record<string, Migration> = Object.fromEntries(
  Object.entries(migrations).map(([name, migration]) => [
    name,
    name !== target
      ? migration
      : {
          up: async (db: Kysely<unknown>) => {
            await migration.up(when === 'mid-up' ? db.withPlugin(dieAfterFirstStatement) : db);
            await die();
          },
        },
  ]),
);

const database = openDatabase(url);
await migrateToLatest(database.db, { getMigrations: async () => dying });
throw new Error('the migration should have killed the process');
