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
  const apiHeaders = apiHeadersOf(headers);
  // No route has options of its own: helmet works the headers out once, here, and each request
  // copies a finished set (docs/decisions/020 and 022). JSON and file answers get the API set; pages
  // (the app, the API documentation) the full one.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') && !request.url.startsWith('/api/docs') ? apiHeaders : headers);
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

/**
 * What an API answer needs of the page headers (OWASP REST Security: an answer that is never
 * rendered as a page needs no script, style or window policy): a CSP that loads nothing and is
 * never framed, never stored (no-store), nosniff, X-Frame-Options, the Referrer-Policy, CORP and HSTS. The document-only
 * rest (COOP, Origin-Agent-Cluster, legacy IE/Flash switches) and the page CSP stay off every JSON
 * answer: about 400 bytes fewer on each.
 */
function apiHeadersOf(documentHeaders: Record<string, string>): Record<string, string> {
  const kept = ['X-Content-Type-Options', 'X-Frame-Options', 'Referrer-Policy', 'Cross-Origin-Resource-Policy', 'Strict-Transport-Security'];
  return {
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    // Nearly every API answer carries personal data (ASVS 5.0 V14.3.2): no browser or proxy keeps any.
    'Cache-Control': 'no-store',
    ...Object.fromEntries(kept.filter((name) => documentHeaders[name] !== undefined).map((name) => [name, documentHeaders[name]!])),
  };
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
