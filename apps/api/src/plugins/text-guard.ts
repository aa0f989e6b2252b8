import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';
import { containsNul, NUL_CHARACTER_MESSAGE } from '../lib/text-guard';

/**
 * PostgreSQL text cannot hold U+0000 (SQLite can): a NUL in any field would fail the query with a
 * 500 on one engine and be stored on the other. It is refused up front, the same on both.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) done(badRequest(NUL_CHARACTER_MESSAGE));
    else done();
  });
}
