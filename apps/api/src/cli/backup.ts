import { loadConfig } from '../config';
import { isPostgresUrl, sqlitePathFromUrl } from '../db/database';
import { formatBackup, isBackupError, makeBackup } from '../features/backup/backup.service';
import { chainKeySettingsFromEnv } from '../ledgers/registro-chain/chain-key';
import { systemClock } from '../lib/clock';

/**
 * `npm run backup [DIR]`: a consistent copy of the SQLite database (DATABASE_URL or the default file,
 * like the server), safe while the server runs, checked, into DIR, else BACKUP_DIR, else ./backups;
 * the chain key file beside it (docs/decisions/049). Exits 1 when no checked copy was made.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (isPostgresUrl(config.databaseUrl)) {
    console.error('DATABASE_URL es PostgreSQL: haz la copia con pg_dump -Fc (ver el README, «Copias de seguridad»).');
    process.exit(1);
  }
  const databasePath = sqlitePathFromUrl(config.databaseUrl);
  if (databasePath === ':memory:') throw new Error('una base de datos en memoria no tiene copia de seguridad');
  const backupDir = process.argv[2] || config.backupDir || 'backups';
  const result = await makeBackup({ databasePath, backupDir, keySettings: chainKeySettingsFromEnv(), now: systemClock() });
  console.log(formatBackup(result));
}

main().catch((error: unknown) => {
  console.error('No se ha podido hacer la copia de seguridad:', isBackupError(error) ? error.message : error instanceof Error ? error.message : error);
  process.exit(1);
});
