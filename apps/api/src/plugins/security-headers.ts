import type { IncomingMessage, ServerResponse } from 'node:http';
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
  const headers = helmetHeaders(app.config.cookieSecure);
  // No route has options of its own, so every answer gets the same headers: helmet works them out
  // once, here, and each request copies the finished set (docs/decisions/020 and 022).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // A page or answer whose URL holds an access-link token (decision 014) never sends it on as a
  // Referer and is never stored by the browser or a proxy.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isSecretUrl(request.url)) {
      reply.header('Referrer-Policy', 'no-referrer');
      reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });
}

/** The headers helmet sets with our policy, recorded from one run of its middleware. */
function helmetHeaders(cookieSecure: boolean): Record<string, string> {
  const applyHelmet = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: REFERRER_POLICY },
    strictTransportSecurity: cookieSecure ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  let finished = false;
  applyHelmet({} as IncomingMessage, recorder as unknown as ServerResponse, () => (finished = true));
  if (!finished || !headers['Content-Security-Policy']) throw new Error('helmet did not produce the security headers');
  return headers;
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
