import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
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
  // helmet's middleware is built once, here: it works out every header value up front. The
  // @fastify/helmet wrapper built a new one on every request (re-parsing the CSP each time), ~5% of a
  // small API request in the bench profiles (docs/decisions/020). No route has options
  // of its own, so one set of headers for every answer is all it did.
  const applyHelmet = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: REFERRER_POLICY },
    strictTransportSecurity: app.config.cookieSecure ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // helmet no longer reports errors through the callback (8.1+): it throws, and Fastify answers 500.
    applyHelmet(request.raw, reply.raw, () => done());
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
