import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerTokenOf, resolveTokenActor } from '../features/api-tokens/api-tokens.service';
import { SESSION_COOKIE } from '../features/auth/session-policy';
import { checkTokenScope } from '../lib/authorization';
import { AppError, badRequest } from '../lib/errors';

/** /api/metrics answers to its own bearer, METRICS_TOKEN (plugins/metrics.ts), never to an API token. */
const isMetricsUrl = (url: string) => url === '/api/metrics' || url.startsWith('/api/metrics?');

/**
 * `Authorization: Bearer <token>` (docs/decisions/054): the request's actor is the token's user,
 * read fresh (role, company, disabled), with the token's scopes; the route's gate then does exactly
 * what it does for a session. Answers whether the request carried a bearer (then no cookie is read).
 */
export async function authenticateBearer(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const token = bearerTokenOf(request.headers.authorization);
  if (token === null || isMetricsUrl(request.url)) return false;
  // One identity per request: a session and a token together could mix who is acting.
  if (request.cookies[SESSION_COOKIE]) throw badRequest('Usa la sesión o un token de API, no los dos en la misma petición.');
  reply.header('WWW-Authenticate', 'Bearer realm="jornada"');
  const { server } = request;
  const { actor, retryAfter } = await resolveTokenActor({ db: server.db, clock: server.clock, rateLimit: server.config.apiTokenRateLimit }, token);
  if (retryAfter !== undefined) {
    reply.header('Retry-After', String(retryAfter));
    throw new AppError(429, 'TOO_MANY_REQUESTS', `Has hecho demasiadas peticiones con este token de API. Espera ${retryAfter} segundos antes de volver a intentarlo.`);
  }
  reply.removeHeader('WWW-Authenticate');
  request.actor = actor;
  // Every route that declares no scope refuses tokens here, those without a gate (public routes,
  // the API documentation) included; the route's gate then checks the scope it declares.
  const route = `${request.method === 'HEAD' ? 'GET' : request.method} ${request.routeOptions.url ?? ''}`;
  if (!server.apiTokenScopes.get(route)) checkTokenScope(actor, undefined);
  return true;
}
