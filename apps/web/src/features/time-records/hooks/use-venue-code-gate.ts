import { useCallback, useState } from 'react';
import type { ShiftStartOutcome } from '../api/start-timer';
import type { VenueCodeEntryProps } from '../components/venue-code-entry-dialog';
import { isVenueCodeRefusal } from '../lib/venue-code-refusal';

type StartShift = (eventId: string, venueCode?: string) => Promise<ShiftStartOutcome>;

/**
 * 'Iniciar Turno' for an event that may ask for the venue code (decision 040): known to ask, the
 * dialog opens first; not known (the overview's event dialog), the server's VENUE_CODE_REQUIRED
 * opens it. A refused code keeps the dialog open with the server's reason.
 */
export function useVenueCodeGate(startShift: StartShift, isStarting: boolean) {
  const [asking, setAsking] = useState<{ eventId: string; error?: string }>();

  const begin = useCallback(
    async (eventId: string, requiresVenueCode = false) => {
      if (requiresVenueCode) {
        setAsking({ eventId });
        return;
      }
      const outcome = await startShift(eventId);
      if (!outcome.started && isVenueCodeRefusal(outcome.error)) setAsking({ eventId });
    },
    [startShift],
  );

  const submit = async (code: string) => {
    if (!asking) return;
    const outcome = await startShift(asking.eventId, code);
    if (!outcome.started && isVenueCodeRefusal(outcome.error)) {
      setAsking({ eventId: asking.eventId, error: (outcome.error as Error).message });
      return;
    }
    // Started, or refused for another reason (its toast says why).
    setAsking(undefined);
  };

  const dialog: VenueCodeEntryProps = {
    eventId: asking?.eventId,
    error: asking?.error,
    pending: isStarting,
    onSubmit: (code) => void submit(code),
    onCancel: () => setAsking(undefined),
  };
  return { begin, dialog };
}
