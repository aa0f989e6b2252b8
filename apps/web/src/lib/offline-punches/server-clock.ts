/*
 * The server's clock as last seen by this phone: the `Date` header of the latest API answer, and a
 * monotonic reading (performance.now()) taken at the same moment. A punch queued without connection
 * sends `serverTime` plus the monotonic time elapsed since, which a wrong or changed phone clock
 * cannot bend (decision 040).
 *
 * After a reload performance.now() restarts, so the anchor is also kept in localStorage with the
 * phone's wall clock (Date.now()) at anchoring; a punch in a later page life estimates the elapsed
 * time from the wall clock. Limit: that fallback trusts the phone's clock between the two moments
 * (a clock changed meanwhile shifts the estimate); the server still stores the phone's time and
 * the receipt time next to it, and a negative elapsed time sends no anchor at all.
 */

export interface ServerAnchor {
  serverTime: string;
  elapsedMs: number;
}

const STORAGE_KEY = 'jornada.server-clock';
// Writing localStorage on every answer costs little, but once a minute keeps the phone's storage quiet.
const PERSIST_EVERY_MS = 60_000;

let live: { serverMs: number; perf: number } | null = null;
let persistedAt = -Infinity;

/** Called by the API client with every answer's `Date` header. */
export function noteServerDate(header: string | null): void {
  if (!header) return;
  const serverMs = Date.parse(header);
  if (Number.isNaN(serverMs)) return;
  const perf = performance.now();
  live = { serverMs, perf };
  if (perf - persistedAt < PERSIST_EVERY_MS) return;
  persistedAt = perf;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ serverTime: new Date(serverMs).toISOString(), wallAt: Date.now() }));
  } catch {
    // Private mode or a full storage: the live anchor still works in this page life.
  }
}

/** The anchor for a punch made now, or null when the server's clock was never seen. */
export function currentServerAnchor(): ServerAnchor | null {
  if (live) return { serverTime: new Date(live.serverMs).toISOString(), elapsedMs: Math.max(0, Math.round(performance.now() - live.perf)) };
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as { serverTime?: unknown; wallAt?: unknown } | null;
    if (!stored || typeof stored.serverTime !== 'string' || typeof stored.wallAt !== 'number') return null;
    const elapsedMs = Math.round(Date.now() - stored.wallAt);
    return elapsedMs >= 0 ? { serverTime: stored.serverTime, elapsedMs } : null;
  } catch {
    return null;
  }
}
