import { loadConfig } from '../config';
import { isPostgresUrl, sqlitePathFromUrl } from '../db/database';
import { formatRestore, isBackupError, restoreBackup } from '../features/backup/backup.service';
import { chainKeySettingsFromEnv } from '../ledgers/registro-chain/chain-key';
import { systemClock } from '../lib/clock';

/**
 * `npm run restore FILE`: puts a backup made by `npm run backup` (or the daily one) in place of the
 * SQLite database (DATABASE_URL or the default file). Refuses while a server uses that database,
 * checks FILE first, keeps the replaced database aside, and puts the chain key back when the data
 * folder has none (docs/decisions/049). Exits 1 when nothing was restored.
 */
async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) {
    console.error('Uso: npm run restore FICHERO   (una copia hecha con npm run backup)');
    process.exit(1);
  }
  const config = loadConfig();
  if (isPostgresUrl(config.databaseUrl)) {
    console.error('DATABASE_URL es PostgreSQL: restaura con pg_restore (ver el README, «Copias de seguridad»).');
    process.exit(1);
  }
  const databasePath = sqlitePathFromUrl(config.databaseUrl);
  if (databasePath === ':memory:') throw new Error('no se puede restaurar sobre una base de datos en memoria');
  const result = await restoreBackup({ file, databasePath, keySettings: chainKeySettingsFromEnv(), now: systemClock() });
  console.log(formatRestore(file, databasePath, result));
}

main().catch((error: unknown) => {
  console.error('No se ha restaurado nada:', isBackupError(error) ? error.message : error instanceof Error ? error.message : error);
  process.exit(1);
});
