import type { SqliteChangeFeed } from '../../db/database';
import type { DB } from '../../db/schema';
import { ExternalCommitWatch } from '../../db/external-commit-watch';
import { IDENTITY_TABLES } from '../auth/auth-cache';

export type TableName = keyof DB & string;

/**
 * Every cached answer depends on who the viewer is and what they may see (IDENTITY_TABLES, shared
 * with the auth cache). `sessions` is not among them: an answer is keyed by user, and a session's
 * sign-in or touch changes no answer.
 */
/** Bounds memory whatever the traffic (a calendar month is ~12 KB): past it everything starts again. */
export const MAX_CACHED_BYTES = 32 * 1024 * 1024;

interface CachedAnswer {
  /** Encoded once: a hit is copied to the socket as it is. */
  body: Buffer;
  /** Epoch ms from which time alone would change the answer. */
  until: number;
}

interface RouteAnswers {
  reads: ReadonlySet<string>;
  answers: Map<string, CachedAnswer>;
  /** Moves whenever the route's answers are dropped: an answer computed across a write is discarded. */
  generation: number;
}

/**
 * The JSON answers of the GETs an employee's Panel Principal makes, kept per viewer on the embedded
 * (one process, one SQLite file) deployment and dropped the moment they could differ
 * (docs/decisions/024):
 * - a write statement this process runs drops the answers of every route that reads a table the
 *   statement may change (its own tables, plus what triggers and foreign-key actions change: the
 *   schema's table graph);
 * - another connection's commit drops everything (db/external-commit-watch.ts);
 * - an answer is kept only until the next instant time alone would change it (the viewer's next
 *   event start or end, their timer turning 'Sin cierre': viewer-time-boundary.ts).
 * A route declares the tables it reads; a test runs each one and checks the declaration against the
 * statements it actually ran.
 */
export class ViewerCache {
  readonly #routes = new Map<string, RouteAnswers>();
  /** The routes that read each table: a clock-in's five writes each look up their tables, not every route. */
  readonly #readersOf = new Map<string, RouteAnswers[]>();
  readonly #external: ExternalCommitWatch;
  #bytes = 0;

  constructor(feed: SqliteChangeFeed) {
    this.#external = new ExternalCommitWatch(feed, () => {
      for (const route of this.#routes.values()) this.#drop(route);
    });
    feed.onWrite((sql) => {
      const changed = feed.tableGraph().tablesChangedBy(sql);
      for (const table of changed) for (const route of this.#readersOf.get(table) ?? []) this.#drop(route);
    });
  }

  register(routeId: string, reads: readonly TableName[]): void {
    const route: RouteAnswers = { reads: new Set([...reads, ...IDENTITY_TABLES]), answers: new Map(), generation: 0 };
    const previous = this.#routes.get(routeId);
    if (previous) for (const table of previous.reads) this.#readersOf.set(table, this.#readersOf.get(table)!.filter((each) => each !== previous));
    this.#routes.set(routeId, route);
    for (const table of route.reads) this.#readersOf.set(table, [...(this.#readersOf.get(table) ?? []), route]);
  }

  /** Each route's declared tables (with the identity tables), by `METHOD /url`. */
  declaredReads(): Map<string, ReadonlySet<string>> {
    return new Map([...this.#routes].map(([routeId, route]) => [routeId, route.reads]));
  }

  /** The stored answer while still exact at `now`. */
  lookup(routeId: string, key: string, now: number): Buffer | undefined {
    if (!this.#external.check()) return undefined;
    const answer = this.#routes.get(routeId)?.answers.get(key);
    return answer && now < answer.until ? answer.body : undefined;
  }

  /** Read before anything the answer is computed from, and handed back with it. */
  generation(routeId: string): number {
    return this.#routes.get(routeId)?.generation ?? -1;
  }

  remember(routeId: string, key: string, body: string, until: number, generation: number): void {
    const route = this.#routes.get(routeId);
    if (!route || route.generation !== generation || !this.#external.usable) return;
    const bytes = Buffer.from(body);
    if (this.#bytes + bytes.length > MAX_CACHED_BYTES) for (const each of this.#routes.values()) this.#drop(each);
    this.#bytes += bytes.length - (route.answers.get(key)?.body.length ?? 0);
    route.answers.set(key, { body: bytes, until });
  }

  #drop(route: RouteAnswers): void {
    // The generation always moves (an answer being computed across this write must not be kept).
    route.generation += 1;
    if (route.answers.size === 0) return;
    for (const answer of route.answers.values()) this.#bytes -= answer.body.length;
    route.answers.clear();
  }
}
