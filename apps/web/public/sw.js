/*
 * Jornada's service worker (docs/decisions/037): shows the Web Push notifications the server sends
 * and opens their link on a tap. It has no fetch handler and keeps no cache: the offline work of
 * issue 24 can take this file over, or import it (importScripts('/sw.js')) from a Workbox worker.
 * Served from the site root (no-cache, as every file outside /assets: plugins/spa.ts) so its scope is the
 * whole app; the CSP's worker-src 'self' allows it.
 */

const FALLBACK_URL = '/dashboard/notifications';
const ICON = '/icon-192.png';

self.addEventListener('install', () => {
  // Nothing is cached: a new version may take over at once.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // Control the open tabs, so a tap can bring one of them to the notification's screen.
  event.waitUntil(self.clients.claim());
});

/** Only a path of this app, never another site: the payload is ours, but a tap must not leave it. */
function inAppUrl(value) {
  try {
    const url = new URL(typeof value === 'string' && value ? value : FALLBACK_URL, self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL(FALLBACK_URL, self.location.origin).href;
  } catch {
    return new URL(FALLBACK_URL, self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
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
  const target = inAppUrl(event.notification.data && event.notification.data.url);
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
