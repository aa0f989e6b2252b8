import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chainKeyDataDir, generateChainKey, KEY_FILE_NAME, loadChainKeyring, parseChainKey, writeKeyFile } from './chain-key';

const dir = mkdtempSync(join(tmpdir(), 'jornada-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the chain key outside the database', () => {
  it('is generated once into the data folder, readable by its owner only, and read back the same', () => {
    const first = loadChainKeyring({ key: undefined, oldKeys: undefined, dataDir: dir });
    expect(first.generated).toBe(true);
    const path = join(dir, KEY_FILE_NAME);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const again = loadChainKeyring({ key: undefined, oldKeys: undefined, dataDir: dir }, { allowGenerate: false });
    expect(again.generated).toBe(false);
    expect(again.current.fingerprint).toBe(first.current.fingerprint);
    expect(readFileSync(path, 'utf8')).not.toContain(first.current.fingerprint);
  });

  it('keeps retired keys above the current one after a rotation', () => {
    const sub = join(dir, 'rotated');
    const [old, current] = [generateChainKey(), generateChainKey()];
    writeKeyFile(join(sub, KEY_FILE_NAME), [old, current]);
    const keyring = loadChainKeyring({ key: undefined, oldKeys: undefined, dataDir: sub });
    expect(keyring.current.id).toBe(current.id);
    expect([...keyring.byId.keys()].sort()).toEqual([old.id, current.id].sort());
  });

  it('takes REGISTRO_CHAIN_KEY (hex or base64, 32 bytes or more) over the file, and never generates without leave', () => {
    const key = generateChainKey();
    const old = generateChainKey();
    const keyring = loadChainKeyring({ key: key.secret.toString('hex'), oldKeys: old.secret.toString('base64'), dataDir: dir });
    expect(keyring.current.id).toBe(key.id);
    expect(keyring.byId.has(old.id)).toBe(true);
    expect(parseChainKey(key.secret.toString('base64')).id).toBe(key.id);
    expect(() => parseChainKey(Buffer.alloc(16).toString('hex'))).toThrow(/32 bytes/);
    expect(() => loadChainKeyring({ key: undefined, oldKeys: undefined, dataDir: join(dir, 'none') }, { allowGenerate: false })).toThrow(/falta la clave/);
  });

  it('lives beside the SQLite file, else in DATA_DIR or ./data', () => {
    expect(chainKeyDataDir('sqlite:/srv/jornada/db/main.db', undefined)).toBe('/srv/jornada/db');
    expect(chainKeyDataDir('postgres://db/jornada', '/var/lib/jornada')).toBe('/var/lib/jornada');
    expect(chainKeyDataDir('postgres://db/jornada', undefined)).toBe(join(process.cwd(), 'data'));
    expect(chainKeyDataDir(undefined, undefined)).toBe(join(process.cwd(), 'data'));
  });
});
