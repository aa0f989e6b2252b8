import type { SessionResponse } from '@jornada/shared/schemas/auth';

/** Bounds memory whatever the traffic: past it the maps start again. */
const MAX_ENTRIES = 20_000;

/**
 * Profiles (`/api/auth/me`) and granted views in memory on PostgreSQL, where several servers share
 * one database (decision 056). Every committed change to the identity tables moves one counter
 * (migration 0430: a trigger deferred to the commit), and each request reads the counter in the
 * same statement as its session. An entry is served only to a request that read the very version
 * the entry was stored under, and was stored from reads made after that version was read: so a
 * request never gets an answer older than its own session lookup, whichever server made the
 * change. Sessions themselves are still read on every request (a logout on another server holds
 * at once).
 */
export class IdentityCache {
  /** The newest version seen; entries of older versions are dropped when it moves. */
  #version = -1;
  readonly #profiles = new Map<string, SessionResponse>();
  readonly #views = new Map<string, ReadonlySet<string>>();

  profile(userId: string, version: number): SessionResponse | undefined {
    return this.#current(version) ? this.#profiles.get(userId) : undefined;
  }

  rememberProfile(userId: string, version: number, response: SessionResponse): void {
    if (this.#current(version)) this.#remember(this.#profiles, userId, response);
  }

  grantedViews(companyId: string, roleId: string, version: number): ReadonlySet<string> | undefined {
    return this.#current(version) ? this.#views.get(`${companyId}\u0000${roleId}`) : undefined;
  }

  rememberGrantedViews(companyId: string, roleId: string, version: number, views: ReadonlySet<string>): void {
    if (this.#current(version)) this.#remember(this.#views, `${companyId}\u0000${roleId}`, views);
  }

  /**
   * Whether `version` is the newest one seen. A newer one empties the cache; an older one (a
   * request whose lookup ran before the change) neither reads nor writes it. The counter wraps at
   * 2·10⁹, so "newer" is any version but the current one that is not just behind it.
   */
  #current(version: number): boolean {
    if (version === this.#version) return true;
    if (this.#version !== -1 && isBehind(version, this.#version)) return false;
    this.#version = version;
    this.#profiles.clear();
    this.#views.clear();
    return true;
  }

  #remember<V>(map: Map<string, V>, key: string, value: V): void {
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(key, value);
  }
}

const WRAP = 2_000_000_000;

/** `version` precedes `current` by less than half the counter's range (a request that is merely late). */
function isBehind(version: number, current: number): boolean {
  const distance = (current - version + WRAP) % WRAP;
  return distance > 0 && distance < WRAP / 2;
}
