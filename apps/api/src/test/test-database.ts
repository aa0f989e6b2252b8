import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database';

/**
 * A fresh, empty database for one test file: in-memory SQLite by default, or a new PostgreSQL
 * database (dropped afterwards) when TEST_DATABASE_URL points to a PostgreSQL server.
 */
export async function createTestDatabase(options: { trace?: (sql: string) => void } = {}): Promise<Database> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl || !/^postgres(ql)?:\/\//.test(baseUrl)) return openDatabase('sqlite::memory:', { trace: options.trace });

  const name = `jornada_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = openDatabase(url.toString());
  return {
    ...database,
    destroy: async () => {
      await database.destroy();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
