/*
 * Jornada's service worker, built by vite-plugin-pwa (injectManifest) and served as /sw.js, the URL
 * the push feature registers (decision 037). It:
 * - precaches the built app (the shell and every screen's chunks), so the app opens without signal;
 * - answers navigations from the network first (the server adds per-page preloads to index.html),
 *   and from the precached index.html only when the network fails; never for /api;
 * - shows the Web Push avisos and opens their links (./push-handlers);
 * - sends the offline clock-in queue on a Background Sync 'sync' event (lib/offline-punches).
 * A new version waits until the page asks it to take over ('Actualizar' in the update banner).
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { flushOfflinePunches, OFFLINE_PUNCH_SYNC_TAG } from '@/lib/offline-punches/queue';
import { registerPushHandlers } from './push-handlers';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

registerPushHandlers(self);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A slow network at the venue should not keep the page blank: after this the cached shell answers.
const NAVIGATION_TIMEOUT_MS = 4000;

async function navigate({ request }: { request: Request }): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), NAVIGATION_TIMEOUT_MS);
  try {
    return await fetch(request, { signal: controller.signal });
  } catch {
    return (await matchPrecache('index.html')) ?? Response.error();
  } finally {
    clearTimeout(timer);
  }
}

// Client routes only: /api and files keep going to the network untouched.
registerRoute(new NavigationRoute(navigate, { denylist: [/^\/api(\/|$)/, /\/[^/?]+\.[^/?]+$/] }));

self.addEventListener('install', () => {
  // The first install takes over at once (nothing to replace); an update waits for 'Actualizar'.
  if (!self.registration.active) void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // Control the open tabs, so a tap on an aviso can bring one of them to its screen and the
  // first visit already works offline.
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

self.addEventListener('sync' as 'message', (event) => {
  const sync = event as unknown as SyncEvent;
  if (sync.tag !== OFFLINE_PUNCH_SYNC_TAG) return;
  sync.waitUntil(
    flushOfflinePunches().then(async () => {
      // The open pages refresh what they show.
      for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: 'OFFLINE_PUNCHES_SENT' });
    }),
  );
});
