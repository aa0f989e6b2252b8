import type { GeoLocation } from '@jornada/shared/schemas/time-records';
import { ClockInBlocked } from './clock-in-blocked';

const PERMISSION_DENIED = 1;
const POSITION_UNAVAILABLE = 2;
const TIMEOUT = 3;

/** Where the browser error came from: the user's refusal, or anything else. */
export type LocationFailure = 'unsupported' | 'denied' | 'failed';

export class LocationError extends Error {
  constructor(readonly reason: LocationFailure) {
    super(`Location ${reason}`);
    this.name = 'LocationError';
  }
}

function position(options: PositionOptions): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => navigator.geolocation.getCurrentPosition(resolve, reject, options));
}

function isPositionError(error: unknown): error is GeolocationPositionError {
  return typeof error === 'object' && error !== null && 'code' in error && typeof (error as { code: unknown }).code === 'number';
}

/**
 * One fresh fix, precise if possible. Indoors at night GPS may never answer, so a timeout or an
 * unavailable fix falls back once to the network position (recent, lower accuracy): the accuracy
 * travels with it, so the supervisor can judge it.
 */
export async function getCurrentLocation(): Promise<GeoLocation> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) throw new LocationError('unsupported');
  let fix: GeolocationPosition;
  try {
    fix = await position({ enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 });
  } catch (error) {
    if (!isPositionError(error)) throw new LocationError('failed');
    if (error.code === PERMISSION_DENIED) throw new LocationError('denied');
    if (error.code !== TIMEOUT && error.code !== POSITION_UNAVAILABLE) throw new LocationError('failed');
    try {
      fix = await position({ enableHighAccuracy: false, timeout: 10_000, maximumAge: 60_000 });
    } catch (fallbackError) {
      throw new LocationError(isPositionError(fallbackError) && fallbackError.code === PERMISSION_DENIED ? 'denied' : 'failed');
    }
  }
  const { latitude, longitude, accuracy } = fix.coords;
  return { lat: latitude, lng: longitude, accuracy: Number.isFinite(accuracy) ? accuracy : null };
}

/** The spec's messages (section 8) for the location asked before clocking in. */
export function startLocationBlocked(reason: LocationFailure): ClockInBlocked {
  if (reason === 'unsupported') return new ClockInBlocked('Error', 'La geolocalización no es compatible.');
  if (reason === 'denied') return new ClockInBlocked('Permiso de ubicación requerido', 'Debes permitir el acceso a la ubicación para fichar.');
  return new ClockInBlocked('Error', 'Error al obtener la ubicación.');
}
