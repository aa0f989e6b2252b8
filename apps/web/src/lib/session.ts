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
  /**
   * True when the server could not be reached at start-up and `session` is the one this phone last
   * saw (issue 24): the app opens on the last data it had, marked 'Sin conexión', instead of
   * sending the person to /login just because there is no signal. The next answer replaces it.
   */
  offline?: boolean;
}

type Fetcher = (signal?: AbortSignal) => Promise<SessionResponse | null>;

let state: SessionState = { isLoading: true, session: null };
let fetcher: Fetcher | null = null;
let inFlight: Promise<void> | null = null;
let generation = 0;
let fetchedAt = 0;
const listeners = new Set<() => void>();
const userChangeListeners = new Set<() => void>();

/*
 * The last session the server confirmed, for a start without connection. Only the user and profile
 * of /me (no token: the cookie stays httpOnly); removed on sign-out and on an expired session.
 */
const LAST_SESSION_KEY = 'jornada.last-session';

function rememberSession(session: SessionResponse | null) {
  try {
    if (session) localStorage.setItem(LAST_SESSION_KEY, JSON.stringify(session));
    else localStorage.removeItem(LAST_SESSION_KEY);
  } catch {
    // No storage (private mode): the app simply cannot open offline.
  }
}

function lastSession(): SessionResponse | null {
  try {
    const saved = JSON.parse(localStorage.getItem(LAST_SESSION_KEY) ?? 'null') as SessionResponse | null;
    return saved?.user && saved.profile ? saved : null;
  } catch {
    return null;
  }
}

function emit(next: SessionState) {
  const previousUser = state.session?.user.id ?? null;
  state = next;
  if (!next.isLoading && !next.offline) rememberSession(next.session);
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
        if (started !== generation) return;
        // No answer (no signal, or the server down): open on the session this phone last saw.
        const saved = state.isLoading || state.offline ? lastSession() : null;
        if (saved) emit({ isLoading: false, session: saved, offline: true });
        else if (state.isLoading) emit({ isLoading: false, session: null });
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

if (typeof window !== 'undefined') {
  // The signal is back: confirm the session the app opened with offline (or learn it has ended).
  window.addEventListener('online', () => {
    if (state.offline) void refreshSession();
  });
}

/** Resolves once the first answer (or the offline fallback) is known. */
export function whenSessionKnown(): Promise<SessionState> {
  if (!state.isLoading) return Promise.resolve(state);
  return new Promise((resolve) => {
    const unsubscribe = subscribe(() => {
      if (state.isLoading) return;
      unsubscribe();
      resolve(state);
    });
    if (!inFlight) void refreshSession();
  });
}

/** The session state; the first reader triggers the one GET /api/auth/me. */
export function useSessionState(): SessionState {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  if (current.isLoading && !inFlight) void refreshSession();
  return current;
}
