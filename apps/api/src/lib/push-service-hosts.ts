/**
 * The push services a browser's subscription may point at (decision 037, addendum). The server
 * POSTs to a subscription's endpoint, so an endpoint anyone may register would let a signed-in
 * person make the server call any https address, inside the private network included (SSRF). The
 * browsers' push services are few and known: Chrome and Edge on Android and desktop (FCM), Firefox
 * (autopush), Windows (WNS) and Safari (Apple).
 */
export const DEFAULT_PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  '*.push.apple.com',
];

/** `PUSH_SERVICE_HOSTS`: host names separated by commas; `*.example.com` admits its subdomains. */
export function parsePushServiceHosts(value: string | undefined): readonly string[] {
  if (value === undefined || value.trim() === '') return DEFAULT_PUSH_SERVICE_HOSTS;
  const hosts = value.split(',').map((host) => host.trim().toLowerCase()).filter(Boolean);
  for (const host of hosts) {
    if (!/^(\*\.)?[a-z0-9.-]+$/.test(host)) throw new Error(`PUSH_SERVICE_HOSTS: not a host name: ${host}`);
  }
  return hosts;
}

/** Whether `endpoint` is an https address of one of `hosts` (on the default port, no user info). */
export function isAdmittedPushEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((allowed) => (allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) && host.length > allowed.length - 1 : host === allowed));
}
