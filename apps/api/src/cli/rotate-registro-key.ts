import { databaseOptionsOf, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { chainKeySettingsFromEnv, generateChainKey, keyFilePath, loadChainKeyring, writeKeyFile } from '../ledgers/registro-chain/chain-key';
import { rotateChainKey } from '../ledgers/registro-chain/registro-chain';
import { systemClock } from '../lib/clock';

/**
 * `npm run rotate-registro-key` (decision 031), with every server stopped: generates a new chain key,
 * appends to every company's chain a 'rotacion' entry keyed with the old key that announces the new
 * one, and then
 * - with the key file: writes the new key as the file's last line (the old ones stay above it, to
 *   verify the entries written before);
 * - with REGISTRO_CHAIN_KEY: prints the new key; set it as REGISTRO_CHAIN_KEY on every server and
 *   add the old one to REGISTRO_CHAIN_OLD_KEYS before starting them again.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const settings = chainKeySettingsFromEnv();
  const keyring = loadChainKeyring(settings, { allowGenerate: false });
  const newKey = generateChainKey();
  const database = openDatabase(config.databaseUrl, databaseOptionsOf(config));
  try {
    await migrateToLatest(database.db);
    const chains = await rotateChainKey(database.db, keyring.current, newKey, systemClock());
    if (settings.key) {
      console.log(`Clave rotada en ${chains} cadena(s). Nueva clave (guárdala ya; no se volverá a mostrar):\n\n  REGISTRO_CHAIN_KEY=${newKey.secret.toString('base64')}\n`);
      console.log(`Pon esa clave en REGISTRO_CHAIN_KEY de todos los servidores y añade la anterior a REGISTRO_CHAIN_OLD_KEYS (separadas por comas).`);
    } else {
      const path = keyFilePath(settings);
      writeKeyFile(path, [...[...keyring.byId.values()].filter((key) => key.id !== keyring.current.id), keyring.current, newKey]);
      console.log(`Clave rotada en ${chains} cadena(s). La nueva clave está en ${path}, con las anteriores. Haz copia de seguridad de ese fichero.`);
    }
    console.log(`Huella de la nueva clave: ${newKey.fingerprint} (id ${newKey.id}).`);
  } finally {
    await database.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('No se ha podido rotar la clave de la cadena del registro:', error instanceof Error ? error.message : error);
  process.exit(2);
});
