import type { Kysely } from 'kysely';
import { venueQrPayload, type VenueCodeResponse } from '@jornada/shared/schemas/venue-code';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/authorization';
import { judgeVenueCode, newVenueSecret, venueCodeAt, venueWindowEnd, venueWindowOf, VENUE_CODE_WINDOW_SECONDS, type VenueCodeVerdict } from '../../lib/venue-code';
import { requireEventManager, requireVisibleEvent, type EventsDeps } from './event-access';
import { ensureVenueSecret, findVenueSecret } from './venue-code.repository';

/**
 * 'Código del lugar' (decision 040): the code of the current 30-second window for the supervisor's
 * phone. The event's key is made the first time anyone asks; another company's event is not found.
 */
export async function getVenueCode(deps: EventsDeps, actor: Actor, eventId: string): Promise<VenueCodeResponse> {
  const scope = requireEventManager(actor);
  const event = await requireVisibleEvent(deps.db, { scope }, eventId);
  const secret = (await findVenueSecret(deps.db, event.id)) ?? (await ensureVenueSecret(deps.db, event.id, newVenueSecret()));
  const now = deps.clock();
  const code = venueCodeAt(secret, event.id, now);
  return {
    code,
    qrPayload: venueQrPayload(event.id, code),
    windowSeconds: VENUE_CODE_WINDOW_SECONDS,
    validUntil: venueWindowEnd(venueWindowOf(now)).toISOString(),
    serverTime: now.toISOString(),
  };
}

/**
 * Judges the code given with a punch made at `at` (time-records' clock-in). An event whose code was
 * never shown has no key: no code can match it.
 */
export async function judgeEventVenueCode(db: Kysely<DB>, eventId: string, code: string, at: Date): Promise<VenueCodeVerdict> {
  const secret = await findVenueSecret(db, eventId);
  return secret === null ? 'wrong' : judgeVenueCode(secret, eventId, code, at);
}
