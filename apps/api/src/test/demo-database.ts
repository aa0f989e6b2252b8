import { afterEach, beforeEach } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { prepareDatabase } from '../db/prepare';
import { createTestDatabase } from './test-database';

/** The instant the demo-data tests seed at. */
export const demoNow = new Date('2026-11-21T10:20:00Z');

/**
 * A fresh, migrated database for each test of a demo-data file; the test seeds it itself because
 * some seed twice to prove the demo never duplicates itself.
 */
export function useFreshDatabase(now: Date = demoNow): { readonly db: Kysely<DB> } {
  let database: Database | undefined;
  beforeEach(async () => {
    database = await createTestDatabase();
    await prepareDatabase(database.db, now);
  });
  afterEach(() => database?.destroy());
  return {
    get db() {
      if (!database) throw new Error('useFreshDatabase: read outside a test');
      return database.db;
    },
  };
}
