import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { backupSqliteFile, BackupError, restoreSqliteFile } from '../../db/sqlite-backup';
import { keyFilePath, type ChainKeySettings } from '../../ledgers/registro-chain/chain-key';

/**
 * `npm run backup`, `npm run restore FILE` and the server's daily backup (docs/decisions/049), on
 * SQLite. The database file holds everything the app stores (files are rows, decision 036) except the
 * registro chain's key (decision 031): a backup made with the key file gets a copy of it beside it,
 * `<name>.registro-chain.key`, mode 0600; with REGISTRO_CHAIN_KEY the key is the operator's to keep.
 */

export { BackupError } from '../../db/sqlite-backup';

const DAILY_PREFIX = 'jornada-diaria-';
const KEY_SUFFIX = '.registro-chain.key';

export interface BackupResult {
  path: string;
  bytes: number;
  pendingMigrations: number;
  /** The copy of the key file beside the backup, when the key comes from the file. */
  keyPath: string | undefined;
  /** What the operator must know about the key (it was not copied). */
  keyWarning: string | undefined;
}

/** '20261126-221800' (UTC): file names that sort in time order. */
function stamp(now: Date): string {
  return now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
}

export function backupFileName(now: Date, daily: boolean): string {
  return `${daily ? DAILY_PREFIX : 'jornada-'}${stamp(now)}.db`;
}

function keyCopyPath(backupPath: string): string {
  return backupPath.replace(/\.db$/, '') + KEY_SUFFIX;
}

function keyWarningFor(settings: ChainKeySettings): string | undefined {
  if (settings.key) {
    return 'La clave de la cadena del registro viene de REGISTRO_CHAIN_KEY y no se copia: guárdala aparte junto con las copias (sin ella la cadena no se puede verificar).';
  }
  if (!existsSync(keyFilePath(settings))) {
    return `No se encuentra la clave de la cadena del registro (${keyFilePath(settings)}): sin ella esta copia no se puede verificar.`;
  }
  return undefined;
}

/** Backs up the SQLite file at `databasePath` into `backupDir` (created if missing). */
export async function makeBackup(options: { databasePath: string; backupDir: string; keySettings: ChainKeySettings; now: Date; daily?: boolean }): Promise<BackupResult> {
  const backupDir = resolve(options.backupDir);
  mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  const path = join(backupDir, backupFileName(options.now, options.daily ?? false));
  const check = await backupSqliteFile(resolve(options.databasePath), path);
  const keyWarning = keyWarningFor(options.keySettings);
  let keyPath: string | undefined;
  if (!keyWarning) {
    keyPath = keyCopyPath(path);
    copyFileSync(keyFilePath(options.keySettings), keyPath);
    chmodSync(keyPath, 0o600);
  }
  return { path, bytes: check.bytes, pendingMigrations: check.pendingMigrations, keyPath, keyWarning };
}

/** Deletes the oldest daily backups (and their key copies) beyond `keep`; manual ones are never touched. */
export function pruneDailyBackups(backupDir: string, keep: number): string[] {
  const daily = readdirSync(backupDir)
    .filter((name) => name.startsWith(DAILY_PREFIX) && name.endsWith('.db'))
    .sort();
  const removed = daily.slice(0, Math.max(0, daily.length - keep)).map((name) => join(backupDir, name));
  for (const path of removed) {
    rmSync(path, { force: true });
    rmSync(keyCopyPath(path), { force: true });
  }
  return removed;
}

export interface RestoreResult {
  /** Where the replaced database was kept; undefined when there was none. */
  asidePath: string | undefined;
  pendingMigrations: number;
  /** The key file put in place from beside the backup (the target had none). */
  keyRestored: string | undefined;
  keyWarning: string | undefined;
}

/**
 * Restores `file` over the SQLite database at `databasePath` (refused while a server uses it; the
 * replaced one is renamed `<name>.antes-de-restaurar-<fecha>`). When the backup has its key beside it
 * and the data folder has no key file, the key is put back; an existing key file is never replaced.
 */
export async function restoreBackup(options: { file: string; databasePath: string; keySettings: ChainKeySettings; now: Date }): Promise<RestoreResult> {
  const file = resolve(options.file);
  const target = resolve(options.databasePath);
  mkdirSync(dirname(target), { recursive: true });
  const asidePath = `${target}.antes-de-restaurar-${stamp(options.now)}`;
  const result = await restoreSqliteFile(file, target, asidePath);

  const besideBackup = keyCopyPath(file);
  let keyRestored: string | undefined;
  let keyWarning: string | undefined;
  if (options.keySettings.key) {
    keyWarning = 'La clave de la cadena del registro viene de REGISTRO_CHAIN_KEY: debe ser la que tenía el servidor cuando se hizo la copia.';
  } else {
    const keyPath = keyFilePath(options.keySettings);
    if (!existsSync(besideBackup)) {
      keyWarning = existsSync(keyPath)
        ? `No hay clave junto a la copia (${basename(besideBackup)}): se usará ${keyPath}, que debe ser la de la copia.`
        : `No hay clave de la cadena del registro ni junto a la copia ni en ${keyPath}: coloca allí la clave de la copia antes de arrancar.`;
    } else if (!existsSync(keyPath)) {
      mkdirSync(dirname(keyPath), { recursive: true });
      copyFileSync(besideBackup, keyPath);
      chmodSync(keyPath, 0o600);
      keyRestored = keyPath;
    } else if (!readFileSync(keyPath).equals(readFileSync(besideBackup))) {
      keyWarning = `La clave de ${keyPath} no es la guardada junto a la copia (${besideBackup}); no se ha sustituido. Si el servidor no arranca por la clave, usa la de la copia.`;
    }
  }
  return { asidePath: result.replaced ? asidePath : undefined, pendingMigrations: result.pendingMigrations, keyRestored, keyWarning };
}

/** The lines `npm run backup` and the daily job print. */
export function formatBackup(result: BackupResult): string {
  const lines = [`Copia de seguridad creada y comprobada (integrity_check correcto): ${result.path} (${Math.max(1, Math.round(result.bytes / 1024))} kB).`];
  if (result.keyPath) lines.push(`Clave de la cadena del registro copiada junto a ella: ${result.keyPath}`);
  if (result.keyWarning) lines.push(`Atención: ${result.keyWarning}`);
  if (result.pendingMigrations > 0) lines.push(`La copia tiene ${result.pendingMigrations} migraciones pendientes que el servidor aplicará al arrancar sobre ella.`);
  return lines.join('\n');
}

export function formatRestore(file: string, databasePath: string, result: RestoreResult): string {
  const lines = [`Restaurada ${resolve(file)} en ${resolve(databasePath)} (integrity_check correcto).`];
  if (result.asidePath) lines.push(`La base de datos sustituida se conserva en ${result.asidePath}`);
  if (result.keyRestored) lines.push(`Clave de la cadena del registro restaurada en ${result.keyRestored}`);
  if (result.keyWarning) lines.push(`Atención: ${result.keyWarning}`);
  if (result.pendingMigrations > 0) lines.push(`Tiene ${result.pendingMigrations} migraciones pendientes: el servidor las aplicará al arrancar.`);
  lines.push('Comprueba la cadena con `npm run verify-registro` y arranca el servidor.');
  return lines.join('\n');
}

export function isBackupError(error: unknown): error is BackupError {
  return error instanceof BackupError;
}
