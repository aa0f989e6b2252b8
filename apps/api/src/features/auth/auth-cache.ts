import type { SessionResponse } from '@jornada/shared/schemas/auth';
import type { SqliteChangeFeed } from '../../db/database';
import type { DB } from '../../db/schema';
import { ExternalCommitWatch } from '../../db/external-commit-watch';
import type { SessionWithUser } from './sessions.repository';

/**
 * Who a session is, what /api/auth/me answers and which views a company grants a role: read on
 * every request, written a few times a day. On the embedded deployment (one process on one SQLite
 * file) they are kept in memory and dropped the moment anything that could change them is written
 * (docs/decisions/022):
 * - every write statement this process runs passes the SQLite change feed; one that may change a table
 *   below clears everything (a logout, a disabled user, a role or permission change, a deleted
 *   company and its cascade);
 * - a commit by any other connection (a CLI, a sqlite3 shell) is noticed within EXTERNAL_CHECK_MS
 *   (db/external-commit-watch.ts); while it cannot be checked, nothing is served from memory.
 * PostgreSQL deployments may run several servers on one database, so they have no such cache.
 */
/**
 * Who a user is and what they may see: a write that may change any of these (the schema's table
 * graph counts triggers and foreign-key actions) empties this cache, and the viewer cache's answers
 * depend on them too (features/viewer-cache).
 */
export const IDENTITY_TABLES: readonly (keyof DB & string)[] = ['users', 'roles', 'companies', 'company_roles', 'company_permissions', 'categories', 'company_categories', 'user_categories'];
const AUTH_TABLES: ReadonlySet<string> = new Set(['sessions', ...IDENTITY_TABLES]);
/** Bounds memory whatever the traffic: past it the map starts again (one query per session). */
const MAX_ENTRIES = 20_000;

export class AuthCache {
  #generation = 0;
  readonly #external: ExternalCommitWatch;
  readonly #sessions = new Map<string, SessionWithUser>();
  readonly #sessionIds = new Map<string, string>();
  readonly #profiles = new Map<string, SessionResponse>();
  readonly #views = new Map<string, ReadonlySet<string>>();
  /** Writes that keep the cache true by themselves (the session touch updates its entry). */
  readonly #exempt = new Set<string>();
  readonly #feed: SqliteChangeFeed;

  constructor(feed: SqliteChangeFeed) {
    this.#feed = feed;
    this.#external = new ExternalCommitWatch(feed, () => this.#clear());
    feed.onWrite((sql) => {
      if (this.#touchesAuth(sql)) this.#clear();
    });
  }

  /** Read before a database lookup and handed back with its result: a write in between discards it. */
  get generation(): number {
    return this.#generation;
  }

  exempt(sql: string): void {
    this.#exempt.add(sql);
  }

  /** At the start of a request, before any lookup: forgets everything if another connection committed. */
  refresh(): void {
    this.#external.check();
  }

  session(sessionId: string): SessionWithUser | undefined {
    return this.#external.usable ? this.#sessions.get(sessionId) : undefined;
  }

  rememberSession(sessionId: string, session: SessionWithUser, generation: number): void {
    this.#remember(this.#sessions, sessionId, session, generation);
  }

  /** The session's last_seen_at was just written (an exempt statement). */
  touched(sessionId: string, lastSeenAtMs: number): void {
    const session = this.#sessions.get(sessionId);
    if (session) this.#sessions.set(sessionId, { ...session, lastSeenAtMs });
  }

  /**
   * The session id (SHA-256) of a token this process has hashed before. Kept with the sessions and
   * emptied with them; only ever for tokens whose session was found, so a flood of made-up cookies
   * cannot fill it.
   */
  sessionIdOf(token: string): string | undefined {
    return this.#sessionIds.get(token);
  }

  rememberSessionId(token: string, sessionId: string, generation: number): void {
    this.#remember(this.#sessionIds, token, sessionId, generation);
  }

  profile(userId: string): SessionResponse | undefined {
    return this.#external.usable ? this.#profiles.get(userId) : undefined;
  }

  rememberProfile(userId: string, profile: SessionResponse, generation: number): void {
    this.#remember(this.#profiles, userId, profile, generation);
  }

  grantedViews(companyId: string, roleId: string): ReadonlySet<string> | undefined {
    return this.#external.usable ? this.#views.get(`${companyId}\u0000${roleId}`) : undefined;
  }

  rememberGrantedViews(companyId: string, roleId: string, views: ReadonlySet<string>, generation: number): void {
    this.#remember(this.#views, `${companyId}\u0000${roleId}`, views, generation);
  }

  #remember<V>(map: Map<string, V>, key: string, value: V, generation: number): void {
    if (generation !== this.#generation) return;
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(key, value);
  }

  #touchesAuth(sql: string): boolean {
    if (this.#exempt.has(sql)) return false;
    for (const table of this.#feed.tableGraph().tablesChangedBy(sql)) if (AUTH_TABLES.has(table)) return true;
    return false;
  }

  #clear(): void {
    this.#generation += 1;
    this.#sessions.clear();
    this.#sessionIds.clear();
    this.#profiles.clear();
    this.#views.clear();
  }
}
