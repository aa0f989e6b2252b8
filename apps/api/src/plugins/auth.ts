import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { SqliteChangeFeed } from '../db/database';
import { AuthCache } from '../features/auth/auth-cache';
import { IdentityCache } from '../features/auth/identity-cache';
import { isViewGranted, resolveActor } from '../features/auth/auth.service';
import { SESSION_COOKIE } from '../features/auth/session-policy';
import { touchSessionQuery } from '../features/auth/sessions.repository';
import { authenticateBearer } from './api-token-auth';

/** Resolves `request.actor` from the session cookie for every /api request. */
export async function registerAuth(app: FastifyInstance, changes: SqliteChangeFeed | undefined): Promise<void> {
  await app.register(fastifyCookie);
  const cache = changes ? new AuthCache(changes) : null;
  cache?.exempt(touchSessionQuery.sql(app.db));
  // Several servers may share PostgreSQL: there, only what the identity version proves current (decision 056).
  const identity = changes ? null : new IdentityCache();
  const deps = { db: app.db, clock: app.clock, cache, identity };
  app.decorate('authCache', cache);
  app.decorate('identityCache', identity);
  app.decorateRequest('actor', null);
  app.decorate('permissions', { isViewGranted: (actor, view) => isViewGranted(deps, actor, view) });
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    if (await authenticateBearer(request, reply)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    request.actor = await resolveActor(deps, token);
    if (!request.actor) reply.clearCookie(SESSION_COOKIE, { path: '/' });
  });
}
