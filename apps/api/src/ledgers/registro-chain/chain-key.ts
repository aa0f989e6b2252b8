import { createHash, createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { sqlitePathFromUrl } from '../../db/database';

/**
 * The secret that keys the registro chain (docs/decisions/031). It is kept OUTSIDE the database, so
 * someone who can write the database cannot re-seal an edited record: entries are
 * HMAC-SHA256(key, …), and without the key the chain cannot be verified either (back it up).
 *
 * Where it comes from, first match wins:
 * - `REGISTRO_CHAIN_KEY` (base64 or hex, at least 32 bytes) and, after a rotation, the retired keys
 *   in `REGISTRO_CHAIN_OLD_KEYS` (comma separated): what several servers on one PostgreSQL share;
 * - the key file `registro-chain.key` in the data folder (beside the SQLite file, or `DATA_DIR`,
 *   default ./data): one key a line, base64, the last line the current key; generated with mode
 *   0600 at first start.
 */

export const KEY_FILE_NAME = 'registro-chain.key';
const MIN_KEY_BYTES = 32;

export interface ChainKey {
  /** Short public id stored on every keyed entry: the fingerprint's first 16 hex digits. */
  id: string;
  /** SHA-256 of a domain label and the key: printed and recorded, never the key itself. */
  fingerprint: string;
  secret: Buffer;
}

export interface ChainKeyring {
  /** The key new entries are keyed with. */
  current: ChainKey;
  /** Every known key by id, retired ones included (to verify entries written before a rotation). */
  byId: ReadonlyMap<string, ChainKey>;
  /** Where the key came from, for messages: the file path or 'REGISTRO_CHAIN_KEY'. */
  source: string;
}

export function chainKeyFromSecret(secret: Buffer): ChainKey {
  if (secret.length < MIN_KEY_BYTES) throw new Error(`la clave de la cadena del registro debe tener al menos ${MIN_KEY_BYTES} bytes`);
  const fingerprint = createHash('sha256').update('jornada registro-chain key v1\n').update(secret).digest('hex');
  return { id: fingerprint.slice(0, 16), fingerprint, secret };
}

/** Hex (64+ digits) or base64/base64url text of a key. */
export function parseChainKey(text: string): ChainKey {
  const value = text.trim();
  const bytes = /^[0-9a-fA-F]+$/.test(value) && value.length % 2 === 0 ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return chainKeyFromSecret(bytes);
}

export function generateChainKey(): ChainKey {
  return chainKeyFromSecret(randomBytes(32));
}

export function hmacHex(key: ChainKey, text: string): string {
  return createHmac('sha256', key.secret).update(text, 'utf8').digest('hex');
}

export function keyringOf(current: ChainKey, retired: readonly ChainKey[], source: string): ChainKeyring {
  const byId = new Map<string, ChainKey>();
  for (const key of [...retired, current]) byId.set(key.id, key);
  return { current, byId, source };
}

export interface ChainKeySettings {
  /** REGISTRO_CHAIN_KEY */
  key: string | undefined;
  /** REGISTRO_CHAIN_OLD_KEYS */
  oldKeys: string | undefined;
  /** The folder of the key file. */
  dataDir: string;
}

/** The folder that holds the key file: beside the SQLite file, else DATA_DIR (default ./data). */
export function chainKeyDataDir(databaseUrl: string | undefined, dataDirEnv: string | undefined): string {
  if (dataDirEnv) return resolve(dataDirEnv);
  if (!databaseUrl || /^postgres(ql)?:\/\//.test(databaseUrl)) return resolve('data');
  const path = sqlitePathFromUrl(databaseUrl);
  return path === ':memory:' ? resolve('data') : dirname(resolve(path));
}

export function chainKeySettingsFromEnv(env: NodeJS.ProcessEnv = process.env): ChainKeySettings {
  return {
    key: env.REGISTRO_CHAIN_KEY || undefined,
    oldKeys: env.REGISTRO_CHAIN_OLD_KEYS || undefined,
    dataDir: chainKeyDataDir(env.DATABASE_URL || undefined, env.DATA_DIR || undefined),
  };
}

export function keyFilePath(settings: Pick<ChainKeySettings, 'dataDir'>): string {
  return join(settings.dataDir, KEY_FILE_NAME);
}

function readKeyFile(path: string): ChainKey[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map(parseChainKey);
}

/** Writes the key file (retired keys first, the current one last) readable by its owner only. */
export function writeKeyFile(path: string, keys: readonly ChainKey[]): void {
  mkdirSync(dirname(path), { recursive: true });
  const text = [
    '# Jornada: clave de la cadena del registro de jornada. Sin ella la cadena no se puede verificar: haz copia de seguridad.',
    '# Una clave por línea; la última es la vigente, las anteriores verifican las entradas previas a una rotación.',
    ...keys.map((key) => key.secret.toString('base64')),
    '',
  ].join('\n');
  writeFileSync(path, text, { mode: 0o600 });
  chmodSync(path, 0o600);
}

/**
 * The keyring from the settings; without a variable and without a file, a new key is generated and
 * written (`allowGenerate`; ensureChainKey refuses it later if the chain already holds keyed entries).
 */
export function loadChainKeyring(settings: ChainKeySettings, options: { allowGenerate?: boolean } = {}): ChainKeyring & { generated: boolean } {
  const retiredFromEnv = (settings.oldKeys ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(parseChainKey);
  if (settings.key) return { ...keyringOf(parseChainKey(settings.key), retiredFromEnv, 'REGISTRO_CHAIN_KEY'), generated: false };
  const path = keyFilePath(settings);
  if (existsSync(path)) {
    const keys = readKeyFile(path);
    const current = keys.at(-1);
    if (!current) throw new Error(`el fichero de la clave de la cadena está vacío: ${path}`);
    return { ...keyringOf(current, [...keys.slice(0, -1), ...retiredFromEnv], path), generated: false };
  }
  if (options.allowGenerate === false) throw new Error(`falta la clave de la cadena del registro: ni REGISTRO_CHAIN_KEY ni ${path}`);
  const key = generateChainKey();
  writeKeyFile(path, [key]);
  return { ...keyringOf(key, retiredFromEnv, path), generated: true };
}

let active: ChainKeyring | null = null;

/** Sets the process's keyring (server start, the CLIs, tests). */
export function useChainKeyring(keyring: ChainKeyring): void {
  active = keyring;
}

/**
 * The process's keyring; loaded from the environment the first time when nobody set it (the tests'
 * REGISTRO_CHAIN_KEY, a CLI's data folder). Configuration, not state: every server of a deployment
 * holds the same key, and ensureChainKey refuses to start one that does not.
 */
export function activeChainKeyring(): ChainKeyring {
  active ??= loadChainKeyring(chainKeySettingsFromEnv());
  return active;
}
