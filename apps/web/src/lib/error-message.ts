import { isApiError } from './api-error';

/**
 * The text to show for a failed call when a screen has its own wording for failures: the
 * server's message when it explains a refused request (4xx), otherwise the screen's fallback.
 */
export function errorDescription(error: unknown, fallback: string): string {
  if (isApiError(error) && error.fromServer && error.status >= 400 && error.status < 500 && error.message) {
    return error.message;
  }
  return fallback;
}

/** A 401 is already handled by the API client (session ended, back to /login). */
export function isSessionEnded(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}
