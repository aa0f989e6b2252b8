import { databaseOptionsOf, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { prepareDatabase } from '../db/prepare';
import { DEMO_COMPANY_NAME, printDemoCredentials, seedDemo } from '../demo/demo';
import { systemClock } from '../lib/clock';

/** `npm run demo`: adds the demo company to the configured database and prints its credentials. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl, databaseOptionsOf(config));
  try {
    await prepareDatabase(database.db, systemClock());
    const credentials = await seedDemo(database.db, systemClock());
    if (credentials) printDemoCredentials(credentials, config.publicUrl);
    else console.log(`La empresa de demostración «${DEMO_COMPANY_NAME}» ya existe; no se ha cambiado nada.`);
  } finally {
    await database.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('No se han podido crear los datos de demostración:', error instanceof Error ? error.message : error);
  process.exit(1);
});
