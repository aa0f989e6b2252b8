import type { Server } from 'node:http';

/**
 * Whether HTTP requests are arriving together, for the SQLite group commit (db/write-batch.ts).
 *
 * A request is parsed, checked and written (better-sqlite3 is synchronous) before the next socket's
 * bytes are even read, so a count of requests in flight is always one: the useful signal is how many
 * arrived in one turn of the event loop. Under load (several in this turn or the last), a write waits
 * for the turn's other requests so they share a COMMIT; a request that arrived alone, or a write
 * with no request at all (a script, a test), has no one to wait for and runs at once.
 */
let thisTurn = 0;
let lastTurn = 0;
let turnEndScheduled = false;

function endTurn(): void {
  lastTurn = thisTurn;
  thisTurn = 0;
  turnEndScheduled = false;
}

/** The requests that arrived in this turn of the event loop or, if more, in the last turn that had any. */
export const recentArrivals = (): number => Math.max(thisTurn, lastTurn);

/** Counts `server`'s request arrivals per turn of the event loop. */
export function countRequestArrivals(server: Server): void {
  server.on('request', () => {
    thisTurn += 1;
    if (turnEndScheduled) return;
    turnEndScheduled = true;
    setImmediate(endTurn);
  });
}
