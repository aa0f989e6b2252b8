/*
 * Registers the app's service worker (/sw.js, built from src/sw) and tracks a new version waiting
 * to take over, for the 'Nueva versión disponible' banner. No workbox-window: these few lines are
 * in the first visit's JavaScript (decision record 018).
 */

const SERVICE_WORKER_URL = '/sw.js';
// A phone keeps the app open for days: look for a new version now and then, not only on reload.
const UPDATE_CHECK_MS = 60 * 60_000;

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null) {
  waiting = worker;
  for (const listener of listeners) listener();
}

export function subscribeWaiting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getWaiting = () => waiting;

function watch(registration: ServiceWorkerRegistration) {
  // Only an update waits: the first install takes over at once (src/sw/sw.ts).
  if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) setWaiting(installing);
    });
  });
}

/** 'Actualizar': the waiting version takes over and the page reloads into it. */
export function applyUpdate(): void {
  const worker = waiting;
  if (!worker) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

export function registerServiceWorker(): void {
  // Only the production build has a worker (vite-plugin-pwa does not emit one in development).
  if (import.meta.env.DEV || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: '/' })
      .then((registration) => {
        watch(registration);
        setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
      })
      .catch(() => undefined);
  };
  // After the page's own loads: the precache download must not compete with the first screen.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
