import type { FastifyInstance, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { ApiTokenScope } from '@jornada/shared/schemas/api-tokens';
import { gateTokenScope, isAuthorizationGate } from '../lib/authorization';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each operation's API token scope (`METHOD /api/path`) from its gate, null or absent where tokens are refused (decision 054): plugins/api-token-auth.ts and the route matrix read it. */
    apiTokenScopes: Map<string, ApiTokenScope | null>;
  }
}

/**
 * Routes declare their gate where Fastify's examples do (`preHandler: authorize(...)`), but a
 * preHandler runs after the body is parsed and the schemas are checked: a caller who may not use a
 * route learnt from a 400 what its input looks like (issue 25, item 7). Every authorize() gate is
 * moved to the route's onRequest, after the session is resolved (plugins/auth.ts, app-level) and
 * before the body is read or anything validated, so 401 and 403 always come before 400, 404, 409
 * or 413. A route can no longer get the order wrong: the route-table test in
 * test/security/authorize-first.test.ts checks every operation.
 */
export function registerAuthorizeFirst(app: FastifyInstance): void {
  const scopes = new Map<string, ApiTokenScope | null>();
  app.decorate('apiTokenScopes', scopes);
  app.addHook('onRoute', (route) => {
    const preHandlers = [route.preHandler ?? []].flat();
    const routeGates = preHandlers.filter(isAuthorizationGate);
    const scope = routeGates.map(gateTokenScope).find((found) => found !== undefined) ?? null;
    for (const method of [route.method].flat()) scopes.set(`${method} ${route.url}`, scope);
    if (routeGates.length === 0) return;
    route.preHandler = preHandlers.filter((hook) => !isAuthorizationGate(hook)) as preHandlerHookHandler[];
    route.onRequest = [...[route.onRequest ?? []].flat(), ...(routeGates as unknown as onRequestHookHandler[])];
  });
}
