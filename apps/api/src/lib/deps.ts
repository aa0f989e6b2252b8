import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Clock } from './clock';

/** What every service needs from the app: the database and the clock. */
export interface ServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
}
