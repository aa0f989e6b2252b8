/**
 * URLs that carry a secret in their path: the Inspection access links (decision 014) and the
 * calendar feeds (decision 047). Logs print them
 * with the token masked, and their answers ask browsers not to keep or forward them.
 *
 * A path can be written in many ways that reach the same route (`/api/public/acces%73/…`,
 * `//api/public/access/…`), so the masking works on what the router matched, and, where no route
 * matched (the web page, a 404), on the path as the router would read it: percent-decoded, runs of
 * slashes folded, any letter case.
 */
const secretPath = /^(\/acceso\/|\/api\/public\/access\/|\/api\/public\/calendar\/)[^/?#]*/i;
/** Route parameters that are secrets wherever they appear. */
const SECRET_PARAMS = new Set(['token']);
const MASK = '[oculto]';

/** The path (no query) as the router reads it. */
export function normalisePath(url: string): string {
  const path = url.replace(/[?#][\s\S]*$/, '');
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: the router answers 400 and the raw path is compared as it is.
  }
  return decoded.replace(/\/{2,}/g, '/');
}

export function isSecretUrl(url: string): boolean {
  return secretPath.test(normalisePath(url));
}

/** The URL with the token replaced by '[oculto]' (query strings are dropped too). */
export function redactSecretUrl(url: string): string {
  const path = normalisePath(url);
  if (!secretPath.test(path)) return url;
  return path.replace(secretPath, `$1${MASK}`);
}

interface LoggedRequest {
  url: string;
  routeOptions?: { url?: string };
  params?: unknown;
}

/**
 * The URL a log line shows: for a route with a secret parameter, the route's own pattern with that
 * parameter masked (whatever spelling reached it); otherwise the URL, masked if it looks secret.
 */
export function logUrlOf(request: LoggedRequest): string {
  const pattern = request.routeOptions?.url;
  const params = (request.params ?? {}) as Record<string, unknown>;
  if (pattern && [...SECRET_PARAMS].some((name) => pattern.includes(`:${name}`))) {
    return pattern.replace(/:(\w+)/g, (whole, name: string) => (SECRET_PARAMS.has(name) ? MASK : typeof params[name] === 'string' ? encodeURIComponent(params[name]) : whole));
  }
  return redactSecretUrl(request.url);
}

/** Fastify's request log line (pino `req` serializer) with secret paths masked. */
export function serializeRequestForLog(request: LoggedRequest & { method: string; host?: string; ip?: string }) {
  return { method: request.method, url: logUrlOf(request), host: request.host, remoteAddress: request.ip };
}
