import { databaseOptionsOf, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { prepareDatabase } from '../db/prepare';
import { verifyRegistro } from '../ledgers/registro-chain/registro-verify';
import { systemClock } from '../lib/clock';
import { chainKeySettingsFromEnv, loadChainKeyring, useChainKeyring } from '../ledgers/registro-chain/chain-key';
import { formatRegistroVerification } from '../ledgers/registro-chain/registro-report';

/**
 * `npm run verify-registro`: checks every company's registro chain in the configured database
 * (DATABASE_URL or the default SQLite file, like the server) with the chain key (REGISTRO_CHAIN_KEY or
 * the key file), prints the result and exits 1 on a broken link, so a cron job or a CI step can alert.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  // The chain key as the server finds it (decision 031); never generated here: a verification
  // without the deployment's key proves nothing.
  useChainKeyring(loadChainKeyring(chainKeySettingsFromEnv(), { allowGenerate: false }));
  const database = openDatabase(config.databaseUrl, databaseOptionsOf(config));
  try {
    await prepareDatabase(database.db, systemClock());
    const result = await verifyRegistro(database.db, systemClock());
    console.log(formatRegistroVerification(result));
    process.exitCode = result.ok ? 0 : 1;
  } finally {
    await database.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('No se ha podido comprobar el registro de jornada:', error instanceof Error ? error.message : error);
  process.exit(2);
});
