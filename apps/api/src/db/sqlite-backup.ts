import { chmodSync, copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { migrationProvider } from './migrations/index';

/**
 * SQLite backups and restores (docs/decisions/049). Every file the app stores (signatures, documents,
 * work reports, exports) is a row of the database (`files`, decision 036), so the database file is
 * the whole of the data; the registro chain's key lives outside it and is handled by the caller.
 */

/** A backup or restore that cannot go ahead; the message is for the operator, in Spanish. */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly code: 'SERVER_RUNNING' | 'BAD_COPY' | 'NOT_FOUND' | 'EXISTS' | 'NEWER_VERSION',
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface DatabaseFileCheck {
  bytes: number;
  /** Migrations this code has that the file has not run yet (the server applies them at start). */
  pendingMigrations: number;
}

// The copy and the check read the whole file (a 220 MB database: ~0.7 s to copy, ~1.8 s for
// integrity_check), so they run in a worker thread with connections of its own: the server's event
// loop keeps answering meanwhile. CommonJS for an eval'd worker, as in sqlite-checkpoint.ts.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
async function copy({ source, destination }) {
  const from = new Database(source, { fileMustExist: true });
  try {
    from.pragma('busy_timeout = 5000');
    // Every remaining page in one step: one read transaction, so the copy is one commit's state.
    await from.backup(destination, { progress: () => 0x7fffffff });
  } finally {
    from.close();
  }
  const to = new Database(destination, { fileMustExist: true });
  try {
    to.pragma('journal_mode = DELETE');
  } finally {
    to.close();
  }
  return {};
}
function inspect({ path }) {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check').map((row) => row.integrity_check);
    const hasMigrations = !!db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    const recorded = hasMigrations ? db.prepare('select name from kysely_migration order by name').pluck().all() : [];
    return { integrity, hasMigrations, recorded };
  } finally {
    db.close();
  }
}
(async () => (workerData.task === 'copy' ? copy(workerData) : inspect(workerData)))().then(
  (result) => parentPort.postMessage({ ok: true, result }),
  (error) => parentPort.postMessage({ ok: false, message: String((error && error.message) || error) }),
);
`;

function inWorker<T>(data: Record<string, string>): Promise<T> {
  return new Promise((resolveTask, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { ...data, driver: createRequire(import.meta.url).resolve('better-sqlite3') } });
    let answered = false;
    worker.once('message', (message: { ok: true; result: T } | { ok: false; message: string }) => {
      answered = true;
      if (message.ok) resolveTask(message.result);
      else reject(new Error(message.message));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the backup worker exited with code ${code}`));
    });
  });
}

/**
 * `PRAGMA integrity_check` on the file, and its migrations against this code's: a file that is not a
 * Jornada database, or that a newer version migrated (a migration this code does not know), is
 * refused, since the server could not start on it. Opens the file read-only.
 */
export async function checkDatabaseFile(path: string): Promise<DatabaseFileCheck> {
  if (!existsSync(path)) throw new BackupError(`No existe el fichero ${path}.`, 'NOT_FOUND');
  let inspection: { integrity: string[]; hasMigrations: boolean; recorded: string[] };
  try {
    inspection = await inWorker({ task: 'inspect', path });
  } catch (error) {
    throw new BackupError(`${path} no se puede leer como base de datos SQLite: ${error instanceof Error ? error.message : String(error)}`, 'BAD_COPY');
  }
  const { integrity, hasMigrations, recorded } = inspection;
  if (integrity.length !== 1 || integrity[0] !== 'ok') {
    throw new BackupError(`La copia ${path} está dañada (integrity_check): ${integrity.slice(0, 5).join('; ')}`, 'BAD_COPY');
  }
  if (!hasMigrations) throw new BackupError(`${path} no es una base de datos de Jornada (no tiene la tabla de migraciones).`, 'BAD_COPY');
  const known = new Set(Object.keys(await migrationProvider.getMigrations()));
  const unknown = recorded.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new BackupError(`${path} es de una versión más nueva de Jornada (migraciones desconocidas: ${unknown.slice(0, 3).join(', ')}); actualiza Jornada antes de usarla.`, 'NEWER_VERSION');
  }
  return { bytes: statSync(path).size, pendingMigrations: known.size - recorded.length };
}

/**
 * A consistent copy of the SQLite file at `sourcePath` while a server may be writing it, through
 * SQLite's online backup API on a connection of its own (in the worker): the pages are copied in one
 * step, inside one read transaction (in WAL mode that never blocks the server's writes), so the copy
 * is the database as of one commit. The copy is written beside `destPath`, switched out of WAL mode
 * (one self-contained file), made readable by its owner only, checked (checkDatabaseFile), and only
 * then renamed into place.
 */
export async function backupSqliteFile(sourcePath: string, destPath: string): Promise<DatabaseFileCheck> {
  if (!existsSync(sourcePath)) throw new BackupError(`No existe la base de datos ${sourcePath}.`, 'NOT_FOUND');
  if (existsSync(destPath)) throw new BackupError(`Ya existe ${destPath}: no se sobrescribe una copia.`, 'EXISTS');
  const partial = `${destPath}.partial`;
  rmSync(partial, { force: true });
  try {
    await inWorker({ task: 'copy', source: sourcePath, destination: partial });
    chmodSync(partial, 0o600);
    const check = await checkDatabaseFile(partial);
    renameSync(partial, destPath);
    return check;
  } finally {
    rmSync(partial, { force: true });
    rmSync(`${partial}-journal`, { force: true });
  }
}

/**
 * Puts the database in `file` at `targetPath`. Refuses while any connection has the target open (a
 * running server holds one for its whole life): the target is opened with `locking_mode = EXCLUSIVE`
 * and `BEGIN EXCLUSIVE` without waiting, which SQLite grants only to the one connection on the file,
 * in this process or any other. Holding that lock, the target's WAL is folded into it and it is
 * renamed to `asidePath` (kept, never deleted); the checked copy takes its place.
 * `file` itself is never written: a copy of it is checked and moved in.
 */
export async function restoreSqliteFile(file: string, targetPath: string, asidePath: string): Promise<DatabaseFileCheck & { replaced: boolean }> {
  if (!existsSync(file)) throw new BackupError(`No existe el fichero ${file}.`, 'NOT_FOUND');
  if (existsSync(asidePath)) throw new BackupError(`Ya existe ${asidePath}.`, 'EXISTS');
  const staging = `${targetPath}.restaurando`;
  rmSync(staging, { force: true });
  try {
    copyFileSync(file, staging);
    chmodSync(staging, 0o600);
    // A copy taken in WAL mode (a raw file copy) becomes one self-contained file like the backups.
    const copy = new BetterSqlite3(staging, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } catch (error) {
      throw new BackupError(`${file} no se puede leer como base de datos SQLite: ${error instanceof Error ? error.message : String(error)}`, 'BAD_COPY');
    } finally {
      copy.close();
    }
    const check = await checkDatabaseFile(staging);
    if (!existsSync(targetPath)) {
      renameSync(staging, targetPath);
      return { ...check, replaced: false };
    }
    const target = new BetterSqlite3(targetPath, { fileMustExist: true });
    try {
      target.pragma('busy_timeout = 0');
      try {
        target.pragma('locking_mode = EXCLUSIVE');
        target.exec('BEGIN EXCLUSIVE');
        target.exec('ROLLBACK');
      } catch (error) {
        if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
          throw new BackupError(`Un servidor de Jornada (u otro programa) está usando ${targetPath}. Detenlo antes de restaurar.`, 'SERVER_RUNNING');
        }
        throw error;
      }
      // Still holding the exclusive lock: the WAL's commits go into the file, which is then whole.
      target.pragma('journal_mode = DELETE');
      renameSync(targetPath, asidePath);
      for (const suffix of ['-wal', '-shm']) rmSync(`${targetPath}${suffix}`, { force: true });
      renameSync(staging, targetPath);
    } finally {
      target.close();
    }
    return { ...check, replaced: true };
  } finally {
    for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${staging}${suffix}`, { force: true });
  }
}
