import type { PushSubscriptionInput } from '@jornada/shared/schemas/push';

/** The app's service worker (built from apps/web/src/sw, it also shows the avisos), with the whole app as its scope. */
export const SERVICE_WORKER_URL = '/sw.js';

/** Why this browser cannot receive avisos, if it cannot. */
export type PushSupport = 'supported' | 'insecure' | 'unsupported';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  // Service workers and push only exist on https (or localhost).
  if (!window.isSecureContext) return 'insecure';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return 'supported';
}

export function notificationPermission(): NotificationPermission {
  return 'Notification' in window ? Notification.permission : 'denied';
}

/** This browser's current subscription, if it has one (without registering anything). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The failure of one step of 'Activar avisos', with what to tell the person. */
export class PushSetupError extends Error {
  constructor(
    readonly step: 'permission' | 'worker' | 'subscribe',
    message: string,
  ) {
    super(message);
    this.name = 'PushSetupError';
  }
}

/**
 * 'Activar avisos': asks the permission (it must come from the person's click), registers the
 * service worker, and subscribes with the server's VAPID key. Returns what the server stores.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionInput> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushSetupError('permission', permission === 'denied' ? DENIED_MESSAGE : 'No has dado permiso para mostrar avisos. Pulsa otra vez «Activar avisos» y elige «Permitir».');
  }
  let registration: ServiceWorkerRegistration;
  try {
    registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
    await navigator.serviceWorker.ready;
  } catch {
    throw new PushSetupError('worker', 'No se pudo preparar este navegador para recibir avisos. Recarga la página e inténtalo de nuevo.');
  }
  let subscription: PushSubscription;
  try {
    const existing = await registration.pushManager.getSubscription();
    // A browser whose push service cannot be reached may never answer: the person is told instead of waiting forever.
    subscription = existing ?? (await withTimeout(registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64urlToBytes(publicKey) }), SUBSCRIBE_TIMEOUT_MS));
  } catch {
    throw new PushSetupError('subscribe', 'El servicio de avisos de tu navegador no ha respondido. Comprueba tu conexión e inténtalo más tarde.');
  }
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, expirationTime: subscription.expirationTime, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/** This browser stops receiving avisos (its own subscription, when it is the device being removed). */
export async function unsubscribeThisBrowser(endpoint: string): Promise<void> {
  const subscription = await currentSubscription().catch(() => null);
  if (subscription?.endpoint === endpoint) await subscription.unsubscribe().catch(() => false);
}

const SUBSCRIBE_TIMEOUT_MS = 15_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export const DENIED_MESSAGE =
  'Has bloqueado los avisos de Jornada en este navegador. Para recibirlos, permite las notificaciones en los ajustes del sitio (el candado junto a la dirección) y vuelve a intentarlo.';

function base64urlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
