import type { GeoLocation } from '@jornada/shared/schemas/time-records';
import { ClockInBlocked } from './clock-in-blocked';
import { getCurrentLocation, LocationError, startLocationBlocked } from './geolocation';
import { requestTimerNotifications } from './notifications';

/**
 * Before clocking in: ask for notifications (never required, see requestTimerNotifications),
 * then the location, which is required (spec section 5). A location failure is a ClockInBlocked
 * with the spec's message, and no request has been sent.
 */
export async function checkClockInPermissions(): Promise<GeoLocation> {
  await requestTimerNotifications();
  try {
    return await getCurrentLocation();
  } catch (error) {
    if (error instanceof ClockInBlocked) throw error;
    if (error instanceof LocationError) throw startLocationBlocked(error.reason);
    throw new ClockInBlocked('Error de permisos', 'No se pudieron verificar los permisos.');
  }
}

/** Before clocking out: the end location; any failure reads 'Error de ubicación'. */
export async function getClockOutLocation(): Promise<GeoLocation> {
  try {
    return await getCurrentLocation();
  } catch {
    throw new ClockInBlocked('Error de ubicación', 'No se pudo obtener la ubicación final.');
  }
}
