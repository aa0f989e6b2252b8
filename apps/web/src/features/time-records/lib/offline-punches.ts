import type { GeoLocation, OfflinePunchRequest } from '@jornada/shared/schemas/time-records';
import { isApiError } from '@/lib/api-error';
import { enqueuePunch, OFFLINE_PUNCH_SYNC_TAG, type QueuedPunch } from '@/lib/offline-punches/queue';
import { currentServerAnchor } from '@/lib/offline-punches/server-clock';

/*
 * 'Iniciar Turno' and 'Detener' without connection (issue 24): the punch waits on the phone and is
 * sent by lib/offline-punches/queue when the connection returns. Only a failure to reach the
 * server queues a punch; an answer of the server (a 4xx refusal) is shown as before.
 */

/** No answer from the server: the phone is offline, or the request never reached it. */
export function isConnectionFailure(error: unknown): boolean {
  return (typeof navigator !== 'undefined' && !navigator.onLine) || (isApiError(error) && error.code === 'NETWORK_ERROR');
}

export const isOffline = () => typeof navigator !== 'undefined' && !navigator.onLine;

interface PunchInput {
  userId: string;
  kind: OfflinePunchRequest['kind'];
  location: GeoLocation;
  eventId?: string;
  recordId?: string;
  startClientId?: string;
  eventName?: string | null;
  /** The event's venue code as typed or scanned at the punch (judged by the server at the punch's time). */
  venueCode?: string;
}

/** Queues the punch made now and asks the service worker to send it when the signal returns. */
export async function queuePunch(input: PunchInput): Promise<QueuedPunch> {
  const now = new Date();
  const punch: QueuedPunch = {
    userId: input.userId,
    eventName: input.eventName ?? null,
    queuedAt: now.toISOString(),
    request: {
      clientId: crypto.randomUUID(),
      kind: input.kind,
      ...(input.eventId ? { eventId: input.eventId } : {}),
      ...(input.recordId ? { recordId: input.recordId } : {}),
      ...(input.startClientId ? { startClientId: input.startClientId } : {}),
      phoneTime: now.toISOString(),
      serverAnchor: currentServerAnchor(),
      location: input.location,
      ...(input.venueCode ? { venueCode: input.venueCode } : {}),
    },
  };
  await enqueuePunch(punch);
  void requestBackgroundSync();
  return punch;
}

/** Background Sync where the browser has it (Chromium): the worker sends the queue even with the app closed. */
async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
  try {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
    await registration.sync?.register(OFFLINE_PUNCH_SYNC_TAG);
  } catch {
    // No Background Sync: the page sends the queue on 'online' and at start-up.
  }
}

/** What the screen shows from the queue: a shift started offline, and a shift ended offline. */
export interface PendingShiftState {
  /** A clock-in queued and not stopped: shown as running, 'Pendiente de enviar'. */
  pendingStart: QueuedPunch | null;
  /** A clock-out queued: the shift shows as ended, 'Pendiente de enviar'. */
  pendingStop: QueuedPunch | null;
}

export function pendingShiftState(pending: readonly QueuedPunch[]): PendingShiftState {
  let pendingStart: QueuedPunch | null = null;
  let pendingStop: QueuedPunch | null = null;
  for (const punch of pending) {
    if (punch.request.kind === 'entrada') {
      pendingStart = punch;
      pendingStop = null;
    } else {
      pendingStop = punch;
      if (pendingStart && punch.request.startClientId === pendingStart.request.clientId) pendingStart = null;
    }
  }
  return { pendingStart, pendingStop };
}
