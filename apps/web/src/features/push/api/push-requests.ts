import type { PushDevice, PushDeviceList, PushPublicKey, PushSubscriptionInput } from '@jornada/shared/schemas/push';
import { api } from '@/lib/api-client';

// The plain requests, without the query library: sign-out (on the public pages too) uses them.

/** GET /push/public-key: the server's VAPID key, this browser's applicationServerKey. */
export function getPushPublicKey(): Promise<PushPublicKey> {
  return api.get<PushPublicKey>('/push/public-key', { toastOnError: false });
}

/** GET /push/subscriptions: my devices with avisos, newest first. */
export function getPushDevices(signal?: AbortSignal): Promise<PushDeviceList> {
  return api.get<PushDeviceList>('/push/subscriptions', { signal, toastOnError: false });
}

/** POST /push/subscriptions: this browser's subscription, for me (the same browser again replaces its row). */
export function savePushSubscription(body: PushSubscriptionInput): Promise<PushDevice> {
  return api.post<PushDevice>('/push/subscriptions', body, { toastOnError: false });
}

/** DELETE /push/subscriptions/:id: one of my devices stops receiving avisos. */
export function removePushDevice(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/push/subscriptions/${encodeURIComponent(id)}`, { toastOnError: false });
}
