import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'jornada';

/**
 * ARCHITECTURE section 5: a state-changing request must come from our own scripts: the custom header
 * (which a cross-site form cannot set without a CORS preflight we never grant), a JSON or multipart
 * body, and no foreign Origin.
 */
export function registerCsrfGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || isOwnStateChangingRequest(request)) done();
    else done(new AppError(403, 'CSRF_REJECTED'));
  });
}

function isOwnStateChangingRequest(request: FastifyRequest): boolean {
  // A bearer token is sent by a program, never attached by a browser to a cross-site form; a bearer
  // with the session cookie is refused by plugins/api-token-auth.ts (decision 054).
  if (/^bearer\s/i.test(request.headers.authorization ?? '')) return true;
  if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) return false;
  const contentType = (request.headers['content-type'] ?? '').toLowerCase();
  const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  if (hasBody && !contentType.startsWith('application/json') && !contentType.startsWith('multipart/form-data')) return false;
  const origin = request.headers.origin;
  if (origin === undefined || origin === '') return true;
  if (origin === 'null') return false;
  try {
    // Compare through URL on both sides so default ports (:80, :443) normalise the same way.
    return new URL(origin).host === new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return false;
  }
}
