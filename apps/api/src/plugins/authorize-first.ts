import type { FastifyInstance, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import { checkTokenScope, isAuthorizationGate } from '../lib/authorization';

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
  app.addHook('onRoute', (route) => {
    const preHandlers = [route.preHandler ?? []].flat();
    const routeGates = preHandlers.filter(isAuthorizationGate);
    if (routeGates.length === 0) {
      // A route without a gate declares no token scope: an API token is refused there (decision 054).
      route.onRequest = [...[route.onRequest ?? []].flat(), refuseApiTokens];
      return;
    }
    route.preHandler = preHandlers.filter((hook) => !isAuthorizationGate(hook)) as preHandlerHookHandler[];
    route.onRequest = [...[route.onRequest ?? []].flat(), ...(routeGates as unknown as onRequestHookHandler[])];
  });
}

const refuseApiTokens: onRequestHookHandler = async (request) => {
  if (request.actor) checkTokenScope(request.actor, undefined);
};
