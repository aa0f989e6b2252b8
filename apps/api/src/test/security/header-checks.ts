import type { LightMyRequestResponse } from 'fastify';

/**
 * What every answer of the server must carry (issue 9, item 8): a CSP without 'unsafe-eval' or
 * inline scripts that forbids framing and plugins, nosniff, a Referrer-Policy, X-Frame-Options, no
 * X-Powered-By, no version in Server, and HSTS exactly when the site is behind TLS. Returns the
 * problems found (empty when all is well).
 */
export function securityProblems(response: LightMyRequestResponse, options: { hsts: boolean }): string[] {
  const problems: string[] = [];
  const header = (name: string) => {
    const value = response.headers[name];
    return Array.isArray(value) ? value.join(', ') : value === undefined ? undefined : String(value);
  };
  const csp = header('content-security-policy');
  if (!csp) problems.push('no Content-Security-Policy');
  else {
    if (csp.includes("'unsafe-eval'")) problems.push("CSP allows 'unsafe-eval'");
    if (!csp.includes("frame-ancestors 'none'")) problems.push("CSP without frame-ancestors 'none'");
    const scriptSrc = csp.split(';').map((part) => part.trim()).find((part) => part.startsWith('script-src ')) ?? '';
    if (scriptSrc.includes("'unsafe-inline'")) problems.push("CSP script-src allows 'unsafe-inline'");
    // object-src falls back to default-src: either forbids plugins.
    if (!csp.includes("object-src 'none'") && !csp.includes("default-src 'none'")) problems.push("CSP without object-src 'none'");
  }
  if (header('x-content-type-options') !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  const referrer = header('referrer-policy');
  if (!referrer || !['no-referrer', 'strict-origin-when-cross-origin', 'same-origin', 'strict-origin'].includes(referrer)) problems.push(`Referrer-Policy ${referrer}`);
  if (header('x-frame-options') !== 'DENY') problems.push(`X-Frame-Options ${header('x-frame-options')}`);
  if (header('x-powered-by') !== undefined) problems.push(`X-Powered-By ${header('x-powered-by')}`);
  const server = header('server');
  if (server !== undefined && /\d/.test(server)) problems.push(`Server header with a version: ${server}`);
  const hsts = header('strict-transport-security');
  if (options.hsts && !/max-age=(\d+)/.test(hsts ?? '')) problems.push('no Strict-Transport-Security behind TLS');
  if (options.hsts && Number(/max-age=(\d+)/.exec(hsts ?? '')?.[1] ?? 0) < 31_536_000) problems.push(`HSTS max-age too short: ${hsts}`);
  if (!options.hsts && hsts !== undefined) problems.push(`HSTS sent without TLS: ${hsts}`);
  return problems;
}
