import type { FastifyInstance } from 'fastify';
import { AccessLog, type AccessLogEntry } from '../lib/access-log';
import { logUrlOf } from '../lib/secret-urls';

/**
 * The access log: one line per answered request (method, URL with access-link tokens masked,
 * status, milliseconds) at info. Fastify's own request logging writes two lines per request through
 * the req/res serializers, about a fifth of a small request's cost (docs/decisions/022). Errors are
 * logged by the error handler as before.
 *
 * With a log destination (production, and tests that read the log) the lines go out in blocks
 * (lib/access-log.ts, docs/decisions/027); without one (development's pretty printer) each line goes
 * through the root logger.
 */
/** `GET /api/events 200 3.2 ms #req-1c`: an access line for a person reading a terminal. */
export function formatAccessLine(entry: AccessLogEntry): string {
  return `${entry.method} ${entry.url} ${entry.statusCode} ${entry.ms} ms #${entry.reqId}`;
}

export function registerRequestLog(app: FastifyInstance, logLevel: string, destination: NodeJS.WritableStream | undefined): void {
  // The access log is at info: a higher level (warn, error, silent) leaves it out, as pino would.
  const enabled = ['info', 'debug', 'trace'].includes(logLevel);
  const accessLog = enabled && destination ? new AccessLog({ write: (text) => void destination.write(text) }) : null;
  app.decorate('accessLog', accessLog);
  if (!enabled) return;
  if (accessLog) app.addHook('onClose', (_instance, done) => {
    accessLog.flush();
    done();
  });
  const record = accessLog
    ? (entry: AccessLogEntry) => accessLog.record(entry)
    // Development's pretty printer: one readable line a request (an object would print as six
    // indented lines), through the root logger without making the request's child logger
    // (lib/lazy-child-logger.ts). Errors still come from the error handler with all their fields.
    : (entry: AccessLogEntry) => app.log.info(formatAccessLine(entry));
  app.addHook('onResponse', (request, reply, done) => {
    record({ reqId: request.id, method: request.method, url: logUrlOf(request), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 });
    done();
  });
}
