import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { VapidKeyPair } from '../../config';
import type { DB } from '../../db/schema';

export const VAPID_SETTING = 'web-push.vapid-keys';

/** Keys kept in the database never change once written: each process reads them once. */
const known = new WeakMap<Kysely<DB>, VapidKeyPair>();

/**
 * The VAPID key pair (docs/decisions/037): the one given by VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, else
 * the one kept in `settings`, made on first need. Servers that start at once on one PostgreSQL each
 * offer a fresh pair with insert-if-absent and then read back the row: whoever inserted first, all
 * of them end with that one pair (the losers' inserts do nothing; PostgreSQL makes them wait for the
 * winner's commit on the primary key).
 */
export async function vapidKeys(db: Kysely<DB>, configured: VapidKeyPair | undefined, now: Date): Promise<VapidKeyPair> {
  if (configured) return configured;
  const cached = known.get(db);
  if (cached) return cached;
  let stored = await readStored(db);
  if (!stored) {
    const fresh = webpush.generateVAPIDKeys();
    await db
      .insertInto('settings')
      .values({ key: VAPID_SETTING, value: JSON.stringify({ publicKey: fresh.publicKey, privateKey: fresh.privateKey }), created_at: now.toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    stored = await readStored(db);
    if (!stored) throw new Error('the VAPID key pair could not be stored');
  }
  known.set(db, stored);
  return stored;
}

async function readStored(db: Kysely<DB>): Promise<VapidKeyPair | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', VAPID_SETTING).executeTakeFirst();
  if (!row) return undefined;
  const parsed = JSON.parse(row.value) as Partial<VapidKeyPair>;
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') throw new Error(`settings '${VAPID_SETTING}' is not a key pair`);
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}

/**
 * Who runs this server, told to push services in every VAPID token (they may write when it misbehaves):
 * PUBLIC_URL when it is an https address of a real host, else a mailto: address (push services
 * refuse http and localhost subjects).
 */
export function vapidSubjectFor(publicUrl: string): string {
  const url = new URL(publicUrl);
  if (url.protocol === 'https:' && url.hostname !== 'localhost') return url.origin;
  return `mailto:jornada@${url.hostname === 'localhost' ? 'localhost.localdomain' : url.hostname}`;
}
