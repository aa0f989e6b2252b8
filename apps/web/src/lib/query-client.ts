import { onlineManager, QueryClient } from '@tanstack/react-query';
import { clear as idbClear, createStore, del, get, keys, set } from 'idb-keyval';
import { isApiError } from './api-error';
import { forgetOtherUsers, restoreQueries, saveQueries, type PersistStorage } from './query-persistence';
import { onUserChange, whenSessionKnown, type SessionState } from './session';

/*
 * Loaded with the dashboard (and any screen that fetches), never by the landing and
 * login pages: the session itself lives in ./session (decision record 018).
 */

/** Kept for predicates that skip "the session" when invalidating; no query uses it any more. */
export const sessionQueryKey = ['session'] as const;

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx answer will not change on retry; network failures and 5xx might.
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// TanStack Query v5 starts out assuming a connection and only follows the online/offline events:
// an app opened without signal would fetch, retry and fail over the saved answers. Paused instead,
// the saved answers show at once and the queries run when the connection returns.
if (typeof navigator !== 'undefined' && !navigator.onLine) onlineManager.setOnline(false);

const idbStore = typeof indexedDB === 'undefined' ? null : createStore('jornada-cache', 'queries');

const storage: PersistStorage | null = idbStore && {
  get: (key) => get(key, idbStore),
  set: (key, value) => set(key, value, idbStore),
  del: (key) => del(key, idbStore),
  keys: async () => (await keys(idbStore)).map(String),
};

let currentUser: string | null = null;
let saveTimer: ReturnType<typeof setTimeout> | undefined;

// Signing out, an expired session or another user signing in: nothing cached may survive, on
// screen or on the phone (the saved caches of everyone but the new user are deleted).
onUserChange(() => {
  queryClient.clear();
  clearTimeout(saveTimer);
  void whenSessionKnown().then((state: SessionState) => {
    currentUser = state.session?.user.id ?? null;
    if (!storage) return;
    void forgetOtherUsers(storage, currentUser).catch(() => (currentUser ? undefined : idbClear(idbStore!)));
  });
});

// Written a moment after the answers settle, not on every cache event.
const SAVE_DELAY_MS = 1000;
queryClient.getQueryCache().subscribe((event) => {
  if (!storage || !currentUser || event.type !== 'updated' || event.action.type !== 'success') return;
  const userId = currentUser;
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    if (userId === currentUser) void saveQueries(queryClient, storage, userId).catch(() => undefined);
  }, SAVE_DELAY_MS);
});

/**
 * Before the first screen renders: the signed-in user's saved answers go into the cache, so a start
 * without connection shows the last data instead of endless skeletons (queries pause offline).
 * Only then: with a connection the screens load fresh data as before (and use the page's preloads).
 */
export async function restoreSavedQueries(): Promise<void> {
  const state = await whenSessionKnown();
  currentUser = state.session?.user.id ?? null;
  if (!storage || !currentUser) return;
  try {
    await forgetOtherUsers(storage, currentUser);
    if (state.offline || !navigator.onLine) await restoreQueries(queryClient, storage, currentUser);
  } catch {
    // A broken or blocked IndexedDB: the app works online as before.
  }
}
