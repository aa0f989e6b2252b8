/**
 * After a new deployment, a page loaded before it asks for chunk files that no longer exist; the
 * server answers 404 and the dynamic import fails. Reloading the page once fetches the new build.
 * Never twice within a minute: if the chunk is still missing after a reload, the outage is real and
 * the error page must show instead of a reload loop.
 */
const RELOADED_AT_KEY = 'jornada:stale-chunk-reload-at';
const ONCE_PER_MS = 60_000;

const STALE_CHUNK_MESSAGES =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Failed to load module script|Unable to preload CSS/i;

export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return STALE_CHUNK_MESSAGES.test(message);
}

function reloadedRecently(): boolean {
  try {
    return Date.now() - Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0) < ONCE_PER_MS;
  } catch {
    return true;
  }
}

/** Whether a reload for this error would happen (pure: for what a screen shows meanwhile). */
export function willReloadForStaleChunk(error: unknown): boolean {
  return isStaleChunkError(error) && !reloadedRecently();
}

/** Reloads the page if `error` is a missing chunk and no such reload happened in the last minute. */
export function reloadForStaleChunk(error: unknown): boolean {
  if (!willReloadForStaleChunk(error)) return false;
  try {
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}
