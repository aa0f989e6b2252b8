import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useCurrentSession } from '@/lib/auth';
import { flushOfflinePunches, onQueueChange, readQueue, type QueuedPunch, type RefusedPunch } from '@/lib/offline-punches/queue';
import { invalidateTimeRecordViews } from '@/lib/time-records/invalidate-time-records';

/*
 * The queue of punches made without connection, as the screen sees it: a module-level snapshot
 * read from IndexedDB again whenever the queue changes (here, in another tab or in the worker).
 */

interface Snapshot {
  pending: QueuedPunch[];
  refused: RefusedPunch[];
}

const EMPTY: Snapshot = { pending: [], refused: [] };
let snapshot: Snapshot = EMPTY;
const listeners = new Set<() => void>();
let loading: Promise<void> | null = null;

function reload() {
  loading ??= readQueue()
    .then((state) => {
      snapshot = state;
      for (const listener of listeners) listener();
    })
    .catch(() => undefined)
    .finally(() => {
      loading = null;
    });
  return loading;
}

onQueueChange(() => void reload());

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) void reload();
  return () => listeners.delete(listener);
}

const getSnapshot = () => snapshot;

/** The signed-in user's queued and refused punches. */
export function useOfflinePunches(): Snapshot {
  const { user } = useCurrentSession();
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const pending = state.pending.filter((punch) => punch.userId === user.id);
  const refused = state.refused.filter((punch) => punch.userId === user.id);
  return { pending, refused };
}

const RETRY_DELAYS_MS = [3_000, 10_000, 30_000, 120_000];

/**
 * Sends the queue by itself: when the dashboard opens, when the connection returns and when the
 * worker's Background Sync has sent it; then every view of the records is refreshed.
 */
export function useOfflinePunchSync(): void {
  const { user } = useCurrentSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const flush = async () => {
      clearTimeout(retry);
      retry = undefined;
      const result = await flushOfflinePunches().catch(() => ({ sent: 0, refused: 0, remaining: 0 }));
      if (cancelled) return;
      if (result.sent + result.refused > 0) await invalidateTimeRecordViews(queryClient);
      // Online but the send failed (a dropped answer, the server restarting): try again, less and less often.
      if (result.remaining > 0 && navigator.onLine) {
        retry = setTimeout(() => void flush(), RETRY_DELAYS_MS[Math.min(attempt++, RETRY_DELAYS_MS.length - 1)]);
      } else attempt = 0;
    };
    void flush();
    // A punch queued while the phone believed it was online (the request failed): try it soon.
    const stopWatching = onQueueChange(() => {
      if (navigator.onLine && retry === undefined) retry = setTimeout(() => void flush(), RETRY_DELAYS_MS[0]);
    });
    const onOnline = () => void flush();
    const onWorkerMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === 'OFFLINE_PUNCHES_SENT') void invalidateTimeRecordViews(queryClient);
    };
    window.addEventListener('online', onOnline);
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
    return () => {
      cancelled = true;
      clearTimeout(retry);
      stopWatching();
      window.removeEventListener('online', onOnline);
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    };
  }, [user.id, queryClient]);
}
