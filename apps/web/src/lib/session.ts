import type { SessionResponse } from '@jornada/shared/schemas/auth';
import { useSyncExternalStore } from 'react';

/*
 * The signed-in session as a tiny module-level store rather than a TanStack query: the
 * public pages (landing, login) read it, and their first-visit JavaScript budget cannot
 * afford the query library, which loads with the dashboard (decision record 018).
 */

export interface SessionState {
  /** True until the first GET /api/auth/me has answered. */
  isLoading: boolean;
  /** The signed-in user and profile, or null when signed out. */
  session: SessionResponse | null;
}

type Fetcher = (signal?: AbortSignal) => Promise<SessionResponse | null>;

let state: SessionState = { isLoading: true, session: null };
let fetcher: Fetcher | null = null;
let inFlight: Promise<void> | null = null;
let generation = 0;
let fetchedAt = 0;
const listeners = new Set<() => void>();
const userChangeListeners = new Set<() => void>();

function emit(next: SessionState) {
  const previousUser = state.session?.user.id ?? null;
  state = next;
  const nextUser = next.session?.user.id ?? null;
  // Another user (or nobody) now: whatever was cached for the previous one must go.
  if (previousUser !== nextUser) for (const listener of userChangeListeners) listener();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

/** Set once by lib/auth (which knows how to call /me), so this module stays import-free. */
export function setSessionFetcher(fetch: Fetcher) {
  fetcher = fetch;
}

/**
 * Fetches /me (at most one request at a time). A failure other than 401 keeps the
 * previous answer, as a failed query would; the first load then counts as signed out.
 */
export function refreshSession(): Promise<void> {
  if (!fetcher) return Promise.resolve();
  if (inFlight) return inFlight;
  const started = generation;
  fetchedAt = Date.now();
  inFlight = fetcher()
    .then(
      (session) => {
        // A sign-in or sign-out while /me was on its way wins over this older answer.
        if (started === generation) emit({ isLoading: false, session });
      },
      () => {
        if (started === generation && state.isLoading) emit({ isLoading: false, session: null });
      },
    )
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** Stores the session a sign-in answered with. */
export function setSession(session: SessionResponse) {
  generation++;
  emit({ isLoading: false, session });
}

/** Forgets the signed-in user; listeners drop everything cached for them. */
export function clearSession() {
  generation++;
  emit({ isLoading: false, session: null });
}

/**
 * Runs `listener` whenever the signed-in user changes (sign-in, sign-out, expiry).
 * The query cache registers here when the dashboard code loads.
 */
export function onUserChange(listener: () => void): () => void {
  userChangeListeners.add(listener);
  return () => userChangeListeners.delete(listener);
}

// Back on the tab after a while: pick up changed permissions or an ended session, as the
// query library's refetch-on-focus did for the session before.
const STALE_AFTER_MS = 5 * 60_000;
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - fetchedAt > STALE_AFTER_MS) void refreshSession();
  });
}

/** The session state; the first reader triggers the one GET /api/auth/me. */
export function useSessionState(): SessionState {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  if (current.isLoading && !inFlight) void refreshSession();
  return current;
}
