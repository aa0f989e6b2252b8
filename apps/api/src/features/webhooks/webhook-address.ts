import { lookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where a webhook may be sent (decision 050). A supervisor types the address, and the server then
 * posts to it: without limits that is a way into the server's own network (SSRF). So, unless
 * WEBHOOK_ALLOW_PRIVATE is set (a receiver inside the company's network, the tests), an address must
 * be https and reach only public IP addresses. The check runs in the connection's own DNS lookup, so
 * the address connected to is the address checked (no second lookup an attacker's DNS could change).
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

export const PRIVATE_ADDRESS_MESSAGE = 'La dirección apunta a una red privada: Jornada solo envía webhooks a direcciones públicas.';
export const INVALID_ADDRESS_MESSAGE = 'Indica una dirección https:// válida.';
export const HTTPS_REQUIRED_MESSAGE = 'La dirección debe empezar por https://.';

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why an address may not be used (a Spanish message), or null; the DNS side is checked on connecting. */
export function addressProblem(url: string, allowPrivate: boolean): string | null {
  if (!URL.canParse(url)) return INVALID_ADDRESS_MESSAGE;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return INVALID_ADDRESS_MESSAGE;
  if (allowPrivate) return null;
  if (parsed.protocol !== 'https:') return HTTPS_REQUIRED_MESSAGE;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return PRIVATE_ADDRESS_MESSAGE;
  if (isIP(host) !== 0 && isPrivateAddress(host)) return PRIVATE_ADDRESS_MESSAGE;
  return null;
}

/** A DNS lookup for http(s).request that refuses private addresses. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses as { address: string; family: number }[];
    const refused = list.find((entry) => isPrivateAddress(entry.address));
    if (refused || list.length === 0) return callback(Object.assign(new Error(PRIVATE_ADDRESS_MESSAGE), { code: 'EPRIVATEADDRESS' }), '', 4);
    if ((options as { all?: boolean }).all) return (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};
