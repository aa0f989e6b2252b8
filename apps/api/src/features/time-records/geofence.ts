import type { Kysely } from 'kysely';
import { DEFAULT_GEOFENCE_RADIUS_M, distanceMeters, isOutsideZone, outsideZoneMessage } from '@jornada/shared/geo';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { getCompanySettings } from '../company-settings/company-settings.service';
import type { PresenceAssessment, PunchPlace } from './punch-presence';

/**
 * The distance from the punch to the event's point against its radius (decision 040). An event
 * without a point is not assessed. Outside the zone, the company decides: 'flag' accepts the punch
 * flagged 'Fuera de zona'; 'refuse' refuses a clock-in with the distance, but a clock-out only
 * flags: a worker must always be able to stop their time.
 */
export async function assessGeofence(db: Kysely<DB>, place: PunchPlace): Promise<PresenceAssessment> {
  const { event, location } = place;
  if (event.geoLat === null || event.geoLng === null) return { flags: [], evidence: {} };
  const radiusM = event.geoRadiusM ?? DEFAULT_GEOFENCE_RADIUS_M;
  const distanceM = distanceMeters({ lat: event.geoLat, lng: event.geoLng }, location);
  const accuracyM = location.accuracy ?? undefined;
  const evidence = { distanceM, radiusM, ...(accuracyM !== undefined ? { accuracyM } : {}) };
  if (!isOutsideZone(distanceM, radiusM, accuracyM)) return { flags: [], evidence };
  // Read only when outside: a punch inside the zone costs no extra query.
  const { geofenceMode } = await getCompanySettings(db, event.companyId);
  if (geofenceMode === 'refuse' && place.kind === 'entrada') {
    throw new AppError(409, 'OUTSIDE_EVENT_ZONE', outsideZoneMessage(distanceM), { distanceM, radiusM });
  }
  return { flags: ['fuera-de-zona'], evidence };
}
