import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

export const NUL_CHARACTER_MESSAGE = 'El texto enviado contiene caracteres no permitidos.';

/** Whether a string anywhere in a parsed body, query or params holds a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 64 || Buffer.isBuffer(value)) return false;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    if (containsNul(item, depth + 1)) return true;
  }
  return false;
}

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
