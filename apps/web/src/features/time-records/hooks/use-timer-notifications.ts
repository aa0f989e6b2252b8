import { useCallback, useEffect, useState } from 'react';
import { requestTimerNotifications, timerNotificationsState, type TimerNotifications } from '../lib/notifications';

/**
 * The notification permission as it is now, read again whenever the page comes back into view
 * (the guard may have allowed notifications in the browser's settings meanwhile), and a way to ask.
 */
export function useTimerNotifications(): { state: TimerNotifications; request: () => Promise<void> } {
  const [state, setState] = useState<TimerNotifications>(timerNotificationsState);
  useEffect(() => {
    const refresh = () => setState(timerNotificationsState());
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, []);
  const request = useCallback(async () => setState(await requestTimerNotifications()), []);
  return { state, request };
}
