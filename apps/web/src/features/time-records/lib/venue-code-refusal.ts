import { VENUE_CODE_ERROR_CODES } from '@jornada/shared/schemas/venue-code';
import { isApiError } from '@/lib/api-error';

/** The server refused the clock-in for its venue code: missing, wrong or expired. */
export function isVenueCodeRefusal(error: unknown): boolean {
  return isApiError(error) && (VENUE_CODE_ERROR_CODES as readonly string[]).includes(error.code);
}
