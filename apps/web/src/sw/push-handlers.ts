/*
 * The Web Push part of the service worker (decision 037): shows the notifications the server sends
 * and opens their link on a tap. Moved here from public/sw.js when the worker became a Workbox build
 * (issue 24); the worker's URL stays /sw.js, so existing subscriptions keep working.
 */

const FALLBACK_URL = '/dashboard/notifications';
const ICON = '/icon-192.png';

export function registerPushHandlers(self: ServiceWorkerGlobalScope): void {
  /** Only a path of this app, never another site: the payload is ours, but a tap must not leave it. */
  function inAppUrl(value: unknown): string {
    try {
      const url = new URL(typeof value === 'string' && value ? value : FALLBACK_URL, self.location.origin);
      return url.origin === self.location.origin ? url.href : new URL(FALLBACK_URL, self.location.origin).href;
    } catch {
      return new URL(FALLBACK_URL, self.location.origin).href;
    }
  }

  self.addEventListener('push', (event) => {
    let data: { title?: unknown; body?: unknown; id?: unknown; url?: unknown };
    try {
      data = event.data ? (event.data.json() as typeof data) : {};
    } catch {
      data = { body: event.data ? event.data.text() : '' };
    }
    const title = typeof data.title === 'string' && data.title ? data.title : 'Jornada';
    event.waitUntil(
      self.registration.showNotification(title, {
        body: typeof data.body === 'string' ? data.body : '',
        icon: ICON,
        badge: ICON,
        lang: 'es',
        // The notification's id: a delivery retried after a failure replaces the first, never a second one.
        tag: typeof data.id === 'string' ? data.id : undefined,
        data: { url: inAppUrl(data.url) },
      }),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const target = inAppUrl((event.notification.data as { url?: unknown } | null)?.url);
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const same = windows.find((client) => client.url === target);
        if (same) return same.focus();
        const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
        if (open) {
          const focused = await open.focus();
          // navigate() works on the tabs this worker controls; another tab opens the link in a new one.
          const moved = await focused.navigate(target).catch(() => null);
          if (moved) return moved;
        }
        return self.clients.openWindow(target);
      })(),
    );
  });
}
