import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { judgeEventVenueCode } from '../events/venue-code.service';
import type { PresenceAssessment, PunchPlace } from './punch-presence';

/**
 * The rotating venue code of a clock-in (decision 040): required by the event, it must match the
 * window of the punch's time or the one before; a code given where none is required is recorded
 * when valid and otherwise ignored (it proves nothing, and the punch needs no proof).
 */
export async function checkVenueCode(db: Kysely<DB>, place: PunchPlace): Promise<Pick<PresenceAssessment, 'evidence'>> {
  const { venueCode, event } = place;
  // The code proves arrival: a clock-out never needs one.
  const required = event.requiresVenueCode && place.kind === 'entrada';
  if (venueCode === undefined) {
    if (required) throw new AppError(422, 'VENUE_CODE_REQUIRED');
    return { evidence: {} };
  }
  const verdict = await judgeEventVenueCode(db, event.id, venueCode, place.at);
  if (verdict === 'valid') return { evidence: { venueCode: true } };
  if (!required) return { evidence: {} };
  throw new AppError(422, verdict === 'expired' ? 'VENUE_CODE_EXPIRED' : 'VENUE_CODE_INVALID');
}
