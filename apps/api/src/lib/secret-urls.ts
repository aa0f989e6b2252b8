/**
 * URLs that carry a secret in their path: the Inspection access links (decision 014). Logs print them
 * with the token masked, and their answers ask browsers not to keep or forward them.
 */
const secretPath = /^(\/acceso\/|\/api\/public\/access\/)[^/?#]*/;

export function isSecretUrl(url: string): boolean {
  return secretPath.test(url);
}

/** The URL with the token replaced by '[oculto]' (query strings are dropped too). */
export function redactSecretUrl(url: string): string {
  if (!isSecretUrl(url)) return url;
  return url.replace(/\?.*$/, '').replace(secretPath, '$1[oculto]');
}

/** Fastify's request log line (pino `req` serializer) with secret paths masked. */
export function serializeRequestForLog(request: { method: string; url: string; host?: string; ip?: string }) {
  return { method: request.method, url: redactSecretUrl(request.url), host: request.host, remoteAddress: request.ip };
}
