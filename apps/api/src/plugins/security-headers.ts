import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { isSecretUrl } from '../lib/secret-urls';

/** A strict CSP for the SPA: our own scripts only, no eval, never framed. */
const cspDirectives = {
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
};
const REFERRER_POLICY = 'strict-origin-when-cross-origin';
const HSTS_MAX_AGE = 31_536_000;

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: REFERRER_POLICY },
    strictTransportSecurity: app.config.cookieSecure ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
  });
  // A page or answer whose URL holds an access-link token (decision 014) never sends it on as a
  // Referer and is never stored by the browser or a proxy.
  app.addHook('onSend', async (request, reply) => {
    if (!isSecretUrl(request.url)) return;
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cache-Control', 'no-store');
  });
}

/**
 * The same policy as plain headers, for the answers no hook reaches: the router's own refusals
 * (a URL that is not valid percent-encoding, a parameter too long) are sent before helmet runs.
 */
export function baselineSecurityHeaders(cookieSecure: boolean): Record<string, string> {
  const csp = Object.entries(cspDirectives)
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${values.join(' ')}`)
    .join(';');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': REFERRER_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    ...(cookieSecure ? { 'Strict-Transport-Security': `max-age=${HSTS_MAX_AGE}; includeSubDomains` } : {}),
  };
}
