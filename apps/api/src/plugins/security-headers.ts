import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { isSecretUrl } from '../lib/secret-urls';

/** A strict CSP for the SPA: our own scripts only, no eval, never framed. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with style attributes and its scroll lock injects a <style> element;
        // inline styles cannot run code, inline scripts stay forbidden (docs/decisions/010).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: app.config.cookieSecure ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
  // A page or answer whose URL holds an access-link token (decision 014) never sends it on as a
  // Referer and is never stored by the browser or a proxy.
  app.addHook('onSend', async (request, reply) => {
    if (!isSecretUrl(request.url)) return;
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cache-Control', 'no-store');
  });
}
