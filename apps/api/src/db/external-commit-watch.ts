import type { SqliteChangeFeed } from './database';

export const EXTERNAL_CHECK_MS = 250;

/**
 * How an in-process cache of the SQLite file learns that another connection (a CLI, an
 * administrator's sqlite3 shell) committed: PRAGMA data_version moves. Reading it costs as much as
 * a small query (it opens a read transaction), so it is read at most every EXTERNAL_CHECK_MS, and
 * another process's change shows within that time. While it cannot be read (the connection is
 * streaming a result), the cache must not serve from memory.
 */
export class ExternalCommitWatch {
  #version: number | undefined;
  #usable = false;
  #checkedAt = Number.NEGATIVE_INFINITY;
  readonly #feed: SqliteChangeFeed;
  readonly #onCommit: () => void;

  constructor(feed: SqliteChangeFeed, onCommit: () => void) {
    this.#feed = feed;
    this.#onCommit = onCommit;
  }

  /** Whether memory may be served; calls `onCommit` first when another connection committed. */
  check(): boolean {
    const now = performance.now();
    if (this.#usable && now - this.#checkedAt < EXTERNAL_CHECK_MS) return true;
    this.#checkedAt = now;
    const version = this.#feed.externalVersion();
    this.#usable = version !== undefined;
    if (version !== undefined && version !== this.#version) {
      this.#onCommit();
      this.#version = version;
    }
    return this.#usable;
  }

  get usable(): boolean {
    return this.#usable;
  }
}
