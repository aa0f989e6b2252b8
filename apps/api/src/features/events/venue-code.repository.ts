import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The event's venue-code key, or null while no supervisor has shown its code yet. */
export async function findVenueSecret(db: Kysely<DB>, eventId: string): Promise<string | null> {
  const row = await db.selectFrom('events').select('venue_secret').where('id', '=', eventId).executeTakeFirst();
  return row?.venue_secret ?? null;
}

/**
 * Sets the key only where none is set, then reads the one that stands: two supervisors opening the
 * code at once (on any server) end up showing the same digits.
 */
export async function ensureVenueSecret(db: Kysely<DB>, eventId: string, candidate: string): Promise<string> {
  await db.updateTable('events').set({ venue_secret: candidate }).where('id', '=', eventId).where('venue_secret', 'is', null).execute();
  const secret = await findVenueSecret(db, eventId);
  if (secret === null) throw new Error(`event ${eventId} vanished while its venue secret was set`);
  return secret;
}
