import { databaseOptionsOf, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { prepareDatabase } from '../db/prepare';
import { formatPurgeSummary, purgeExpired } from '../features/legal-archive/retention';
import { systemClock } from '../lib/clock';

/**
 * `npm run purge-expired`: the retention task the server also runs at start and daily (decision 014),
 * on the configured database (DATABASE_URL or the default SQLite file, like the server).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl, databaseOptionsOf(config));
  try {
    await prepareDatabase(database.db, systemClock());
    const summary = await purgeExpired(database.db, systemClock, { timeZone: config.timeZone });
    console.log(formatPurgeSummary(summary));
  } finally {
    await database.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('No se ha podido purgar el registro de jornada caducado:', error instanceof Error ? error.message : error);
  process.exit(1);
});
