import { ClockInBlocked } from './clock-in-blocked';

function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/**
 * Clocking in needs notification permission (spec section 5). A browser without the
 * Notification API at all (Safari on an iPhone outside an installed app) cannot grant it, so
 * it is not asked: refusing would lock those employees out of clocking in.
 */
export async function ensureNotificationPermission(): Promise<void> {
  if (!notificationsSupported()) return;
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission === 'granted') return;
  if (permission === 'denied') throw new ClockInBlocked('Permiso denegado', 'Las notificaciones están bloqueadas.');
  throw new ClockInBlocked('Permiso requerido', 'Debes permitir las notificaciones para fichar.');
}

/** A system notification when the timer starts or stops; a toast already says the same, so failures are ignored. */
export function notify(title: string, body?: string): void {
  if (!notificationsSupported() || Notification.permission !== 'granted') return;
  try {
    new Notification(title, { body, tag: 'jornada-timer', lang: 'es' });
  } catch {
    // Chrome on Android only shows notifications through a service worker; the toast covers it.
  }
}
