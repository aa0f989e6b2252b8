function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/**
 * Whether the timer's system notification can show: 'granted'; 'default' (not asked yet or the
 * prompt was dismissed: asking again works); 'denied' (blocked in the browser's site settings);
 * 'unsupported' (no Notification API, e.g. Safari on an iPhone outside an installed app).
 */
export type TimerNotifications = NotificationPermission | 'unsupported';

/** What the browser allows right now, without asking. */
export function timerNotificationsState(): TimerNotifications {
  return notificationsSupported() ? Notification.permission : 'unsupported';
}

/**
 * Asks for notifications (before clocking in, or from the running timer's hint), so the running
 * timer can show outside the app. The notification is only a convenience: a refusal, a dismissed
 * prompt, a browser without the API or a failing prompt never stops a clock-in (the registro must
 * not depend on it); the running timer then says the notification is off and how to turn it on.
 */
export async function requestTimerNotifications(): Promise<TimerNotifications> {
  if (!notificationsSupported()) return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  try {
    return await Notification.requestPermission();
  } catch {
    return 'default';
  }
}

/** A system notification when the timer starts or stops; a toast already says the same, so failures are ignored. */
export function notify(title: string, body?: string): void {
  if (timerNotificationsState() !== 'granted') return;
  try {
    new Notification(title, { body, tag: 'jornada-timer', lang: 'es' });
  } catch {
    // Chrome on Android only shows notifications through a service worker; the toast covers it.
  }
}
