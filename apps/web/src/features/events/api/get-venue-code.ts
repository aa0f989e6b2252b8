import type { VenueCodeResponse } from '@jornada/shared/schemas/venue-code';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { errorDescription } from '@/lib/error-message';

/** GET /events/:id/venue-code: the code of the current 30-second window (never cached: no-store). */
export function getVenueCode(eventId: string, signal?: AbortSignal): Promise<VenueCodeResponse> {
  return api.get<VenueCodeResponse>(`/events/${encodeURIComponent(eventId)}/venue-code`, { signal, toastOnError: false });
}

export interface ShownVenueCode extends VenueCodeResponse {
  /** performance.now() when the answer arrived: the countdown runs on the monotonic clock from there. */
  receivedAt: number;
  /** Milliseconds the code had left when the server answered. */
  leftAtReceipt: number;
}

const RETRY_MS = 5_000;
// Asked again a little after the server's window ends, so the answer is the next window's code.
const AFTER_END_MS = 150;

/**
 * The supervisor's venue code, fetched again at the end of each window. The wait comes from the
 * server's own times (validUntil − serverTime), counted on the monotonic clock: a phone whose clock
 * is wrong still changes the code when the server does.
 */
export function useVenueCode(eventId: string | undefined) {
  const [shown, setShown] = useState<ShownVenueCode>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (!eventId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const answer = await getVenueCode(eventId, controller.signal);
        const leftAtReceipt = Math.max(0, Date.parse(answer.validUntil) - Date.parse(answer.serverTime));
        setShown({ ...answer, receivedAt: performance.now(), leftAtReceipt });
        setError(undefined);
        timer = setTimeout(() => void load(), leftAtReceipt + AFTER_END_MS);
      } catch (cause) {
        if (controller.signal.aborted) return;
        setShown(undefined);
        setError(errorDescription(cause, 'No se pudo obtener el código del lugar.'));
        timer = setTimeout(() => void load(), RETRY_MS);
      }
    };
    void load();
    return () => {
      controller.abort();
      clearTimeout(timer);
      setShown(undefined);
      setError(undefined);
    };
  }, [eventId]);
  return { shown, error };
}
