import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';

/*
 * The employee's own screens survive a start without connection (issue 24): the answers of the
 * overview, the clock-in panel and Mis Horas are kept on the phone and shown, marked 'Sin conexión',
 * when the app opens offline. Kept per user, under the user's id; everything of any other user is
 * deleted the moment the signed-in user changes (another sign-in, a sign-out, an expired session),
 * so one person's data never shows to another on a shared phone.
 */

/** Where the cache is written (IndexedDB in the app; a Map in the unit test). */
export interface PersistStorage {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

interface Persisted {
  userId: string;
  savedAt: number;
  state: DehydratedState;
}

const PREFIX = 'queries:';
// Older than this, the data would mislead more than help (a week of shifts at most).
const MAX_AGE_MS = 7 * 24 * 3_600_000;

/**
 * The viewer's own queries, by [root, kind]: what the overview, the clock-in panel and Mis Horas
 * show. Company-wide lists (the time log, other people's requests) are never written to the phone.
 */
const PERSISTED: Record<string, ReadonlySet<string>> = {
  overview: new Set(['summary']),
  'time-records': new Set(['active', 'mine', 'my-hours', 'my-payroll', 'clock-in-shifts']),
  events: new Set(['calendar']),
  vacations: new Set(['mine']),
  'material-loans': new Set(['mine']),
  corrections: new Set(['summary', 'sin-cierre']),
  notifications: new Set(['unread']),
};

export function isPersistedQuery(queryKey: readonly unknown[]): boolean {
  const [root, kind] = queryKey;
  return typeof root === 'string' && typeof kind === 'string' && (PERSISTED[root]?.has(kind) ?? false);
}

const keyOf = (userId: string) => PREFIX + userId;

/** Puts the user's saved answers back into the cache (never over newer ones already there). */
export async function restoreQueries(client: QueryClient, storage: PersistStorage, userId: string, now = Date.now()): Promise<boolean> {
  const saved = (await storage.get(keyOf(userId))) as Persisted | undefined;
  if (!saved || saved.userId !== userId || now - saved.savedAt > MAX_AGE_MS) return false;
  hydrate(client, saved.state);
  return true;
}

export async function saveQueries(client: QueryClient, storage: PersistStorage, userId: string, now = Date.now()): Promise<void> {
  const state = dehydrate(client, {
    shouldDehydrateQuery: (query: Query) => query.state.status === 'success' && isPersistedQuery(query.queryKey),
  });
  await storage.set(keyOf(userId), { userId, savedAt: now, state } satisfies Persisted);
}

/** Deletes every user's saved cache except `keepUserId`'s (null: everyone's). */
export async function forgetOtherUsers(storage: PersistStorage, keepUserId: string | null): Promise<void> {
  const keys = await storage.keys();
  await Promise.all(keys.filter((key) => key.startsWith(PREFIX) && key !== (keepUserId === null ? null : keyOf(keepUserId))).map((key) => storage.del(key)));
}
