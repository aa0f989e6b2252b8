import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import type { SqliteChangeFeed } from '../db/database';
import { ViewerCache, type TableName } from '../features/viewer-cache/viewer-cache';
import { nextViewerTimeBoundary, TIME_BOUNDARY_TABLES } from '../features/viewer-cache/viewer-time-boundary';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Empleado overview answers in memory (SQLite only; features/viewer-cache). */
    viewerCache: ViewerCache | null;
  }
  interface FastifyContextConfig {
    /** An Empleado's answer of this GET is kept per viewer until it could change (features/viewer-cache). */
    viewerCache?: {
      reads: readonly TableName[];
      /** The answer depends on the clock too (event status, 'Sin cierre'): kept only until the viewer's next time boundary. */
      followsTime?: boolean;
    };
  }
  interface FastifyRequest {
    viewerCacheTicket?: { key: string; until: number; generation: number };
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Serves the routes that opt in (config.viewerCache) from the viewer's cached answer, after the
 * route's own checks (authentication, role, view permission) have passed, and remembers a fresh 200
 * answer for next time. Only the Empleado's answers are kept: theirs change with their own events
 * and timer (viewer-time-boundary.ts); a supervisor's span the company. SQLite only: PostgreSQL
 * deployments may run several servers on one database.
 */
export function registerViewerCache(app: FastifyInstance, changes: SqliteChangeFeed | undefined): void {
  const cache = changes ? new ViewerCache(changes) : null;
  app.decorate('viewerCache', cache);
  if (!cache) return;
  app.addHook('onRoute', (route) => {
    const declared = route.config?.viewerCache;
    if (!declared) return;
    const routeId = `${String(route.method)} ${route.url}`;
    cache.register(routeId, declared.followsTime ? [...declared.reads, ...TIME_BOUNDARY_TABLES] : declared.reads);

    const serveCached = async (request: FastifyRequest, reply: FastifyReply) => {
      const actor = request.actor;
      if (!actor || actor.role !== 'Empleado') return;
      const key = `${actor.userId} ${request.url}`;
      const now = app.clock();
      const body = cache.lookup(routeId, key, now.getTime());
      if (body !== undefined) return reply.type(JSON_TYPE).send(body);
      const generation = cache.generation(routeId);
      const until = declared.followsTime ? await nextViewerTimeBoundary(app.db, actor.userId, now) : Number.POSITIVE_INFINITY;
      request.viewerCacheTicket = { key, generation, until };
    };
    const rememberAnswer: onSendHookHandler<unknown> = (request, reply, payload, done) => {
      const ticket = request.viewerCacheTicket;
      if (ticket && reply.statusCode === 200 && typeof payload === 'string') cache.remember(routeId, ticket.key, payload, ticket.until, ticket.generation);
      done(null, payload);
    };
    // After the route's own preHandlers: a cached answer is only ever given to a request they let through.
    route.preHandler = [...[route.preHandler ?? []].flat(), serveCached as preHandlerHookHandler];
    route.onSend = [...[route.onSend ?? []].flat(), rememberAnswer];
  });
}
