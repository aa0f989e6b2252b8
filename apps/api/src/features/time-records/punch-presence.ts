import type { Kysely } from 'kysely';
import type { GeoLocation, PunchEvidence, TimeRecordFlag } from '@jornada/shared/schemas/time-records';
import type { DB } from '../../db/schema';
import { assessGeofence } from './geofence';
import { checkVenueCode } from './venue-code';

/** What a punch says about where it was made (decision 040). */
export interface PunchPlace {
  kind: 'entrada' | 'salida';
  /** The punch's time: the server's clock, or an offline punch's accepted estimate. */
  at: Date;
  location: GeoLocation;
  venueCode?: string;
  event: PresenceEvent;
}

/** The event's presence settings, as findClockInContext reads them. */
export interface PresenceEvent {
  id: string;
  companyId: string;
  geoLat: number | null;
  geoLng: number | null;
  geoRadiusM: number | null;
  requiresVenueCode: boolean;
}

export interface PresenceAssessment {
  flags: TimeRecordFlag[];
  evidence: PunchEvidence;
}

/**
 * The geofence and the venue code of one punch: throws an AppError with the Spanish reason when
 * the punch is refused, else answers the flags and the evidence to store with the record.
 */
export async function assessPunchPresence(db: Kysely<DB>, place: PunchPlace): Promise<PresenceAssessment> {
  const venue = await checkVenueCode(db, place);
  const zone = await assessGeofence(db, place);
  return { flags: [...zone.flags], evidence: { ...zone.evidence, ...venue.evidence } };
}
