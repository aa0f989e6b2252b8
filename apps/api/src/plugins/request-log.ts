import type { FastifyInstance } from 'fastify';
import { redactSecretUrl } from '../lib/secret-urls';

/**
 * The access log: one line per answered request (method, URL with access-link tokens masked,
 * status, milliseconds) at info. Fastify's own request logging writes two lines per request through
 * the req/res serializers, about a fifth of a small request's cost (docs/decisions/022). Errors are
 * logged by the error handler as before.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    // Through the root logger with the request id first: the same line request.log would write,
    // without making the request's child logger (lib/lazy-child-logger.ts).
    app.log.info(
      { reqId: request.id, method: request.method, url: redactSecretUrl(request.url), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
    done();
  });
}
