import type { OfflinePunchRequest, OfflinePunchResponse } from '@jornada/shared/schemas/time-records';
import { createStore, get, update } from 'idb-keyval';

/*
 * The clock-ins and clock-outs made without connection (issue 24, decision 040), kept in IndexedDB
 * until the server has them. Used by the page and by the service worker (Background Sync), so it
 * touches neither window nor document.
 *
 * Every punch belongs to the user who made it, and is only sent while that same user is signed in:
 * the server reads the user from the session cookie, so before sending, the flush asks the server
 * whose session this is (GET /api/auth/me) and sends only that user's punches. Another user's
 * session never carries them, whatever happened on the phone meanwhile. Sending the same punch twice is harmless: the server answers the first
 * record again (`duplicate`), keyed by the punch's clientId.
 */

export const OFFLINE_PUNCH_SYNC_TAG = 'jornada-offline-punches';
const ENDPOINT = '/api/time-records/offline-punches';

export interface QueuedPunch {
  userId: string;
  request: OfflinePunchRequest;
  /** For the screen: the event's name when the phone knew it. */
  eventName?: string | null;
  /** When it was queued (the phone's clock), for the screen. */
  queuedAt: string;
}

export interface RefusedPunch {
  clientId: string;
  userId: string;
  kind: OfflinePunchRequest['kind'];
  eventName?: string | null;
  reason: string;
  refusedAt: string;
}

interface QueueState {
  pending: QueuedPunch[];
  refused: RefusedPunch[];
}

const store = createStore('jornada-offline', 'punches');
const STATE_KEY = 'state';
const EMPTY: QueueState = { pending: [], refused: [] };

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('jornada-offline-punches');
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
  channel?.postMessage('changed');
}
channel?.addEventListener('message', () => {
  for (const listener of listeners) listener();
});

/** Runs `listener` when the queue changes here, in another tab or in the service worker. */
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function readQueue(): Promise<QueueState> {
  return (await get<QueueState>(STATE_KEY, store)) ?? EMPTY;
}

export async function enqueuePunch(punch: QueuedPunch): Promise<void> {
  await update<QueueState>(STATE_KEY, (state = EMPTY) => ({ ...state, pending: [...state.pending, punch] }), store);
  changed();
}

/** The person read the refusal: it goes. */
export async function dismissRefusal(clientId: string): Promise<void> {
  await update<QueueState>(STATE_KEY, (state = EMPTY) => ({ ...state, refused: state.refused.filter((item) => item.clientId !== clientId) }), store);
  changed();
}

type SendResult = { outcome: 'sent'; response: OfflinePunchResponse } | { outcome: 'refused'; reason: string } | { outcome: 'retry' };

const HEADERS = { Accept: 'application/json', 'X-Requested-With': 'jornada' };

/** Whose session the cookie carries, or null (signed out, or no answer). */
async function sessionUser(): Promise<string | null> {
  try {
    const response = await fetch('/api/auth/me', { credentials: 'same-origin', headers: HEADERS });
    if (!response.ok) return null;
    const body = (await response.json()) as { user?: { id?: unknown } } | null;
    return typeof body?.user?.id === 'string' ? body.user.id : null;
  } catch {
    return null;
  }
}

const REFUSAL_FALLBACK = 'El servidor no ha aceptado el fichaje.';

async function send(request: OfflinePunchRequest): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(ENDPOINT, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { ...HEADERS, 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    return { outcome: 'retry' };
  }
  if (response.ok) return { outcome: 'sent', response: (await response.json()) as OfflinePunchResponse };
  // Signed out, throttled or the server failing: the punch is still good, it waits for the next try.
  if (response.status === 401 || response.status === 408 || response.status === 429 || response.status >= 500) return { outcome: 'retry' };
  const payload = (await response.json().catch(() => null)) as { error?: { message?: unknown } } | null;
  const message = payload?.error?.message;
  return { outcome: 'refused', reason: typeof message === 'string' && message ? message : REFUSAL_FALLBACK };
}

let inFlight: Promise<FlushResult> | null = null;

export interface FlushResult {
  sent: number;
  refused: number;
  /** Punches of the signed-in user still waiting (the server could not be reached). */
  remaining: number;
}

/**
 * Sends the signed-in user's queued punches, oldest first, one at a time (a clock-out after its
 * clock-in). A refusal drops that punch with its reason and goes on; a network or server failure
 * stops, keeping it and everything after it for the next try. One flush at a time per context.
 */
export function flushOfflinePunches(): Promise<FlushResult> {
  inFlight ??= (async () => {
    const result: FlushResult = { sent: 0, refused: 0, remaining: 0 };
    if ((await readQueue()).pending.length === 0) return result;
    const userId = await sessionUser();
    if (!userId) return result;
    for (;;) {
      const next = (await readQueue()).pending.find((item) => item.userId === userId);
      if (!next) return result;
      const outcome = await send(next.request);
      if (outcome.outcome === 'retry') {
        result.remaining = (await readQueue()).pending.filter((item) => item.userId === userId).length;
        return result;
      }
      await update<QueueState>(
        STATE_KEY,
        (state = EMPTY) => ({
          pending: state.pending.filter((item) => item.request.clientId !== next.request.clientId),
          refused:
            outcome.outcome === 'refused'
              ? [
                  ...state.refused,
                  { clientId: next.request.clientId, userId, kind: next.request.kind, eventName: next.eventName, reason: outcome.reason, refusedAt: new Date().toISOString() },
                ]
              : state.refused,
        }),
        store,
      );
      if (outcome.outcome === 'sent') result.sent++;
      else result.refused++;
      changed();
    }
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
