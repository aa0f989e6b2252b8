import type { FastifyInstance } from 'fastify';
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
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const rejected = () => new AppError(403, 'CSRF_REJECTED');
    if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) throw rejected();
    const contentType = (request.headers['content-type'] ?? '').toLowerCase();
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    if (hasBody && !contentType.startsWith('application/json') && !contentType.startsWith('multipart/form-data')) throw rejected();
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      let originHost: string;
      try {
        originHost = new URL(origin).host;
      } catch {
        throw rejected();
      }
      // Compare through URL on both sides so default ports (:80, :443) normalise the same way.
      if (originHost !== new URL(`${request.protocol}://${request.host}`).host) throw rejected();
    } else if (origin === 'null') {
      throw rejected();
    }
  });
}
