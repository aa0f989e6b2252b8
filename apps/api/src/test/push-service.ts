import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A browser's side of a push subscription, made as a browser makes it (RFC 8291 §2): a P-256 key
 * pair, whose public half goes to the server as `p256dh`, and a 16-byte auth secret.
 */
export interface BrowserKeys {
  ecdh: ECDH;
  p256dh: string;
  auth: string;
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * Decrypts an `aes128gcm` Web Push message (RFC 8291 with RFC 8188's record format) with the
 * browser's private key and auth secret, as the browser would: what the test asserts on is what a
 * real browser would read, or nothing.
 */
export function decryptWebPush(body: Buffer, keys: BrowserKeys): Buffer {
  // RFC 8188 §2.1 header: salt (16) | record size (uint32) | idlen (1) | keyid = the server's ephemeral public key.
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid is not a P-256 public key (${idLength} bytes)`);

  // RFC 8291 §3.3-3.4: the shared secret, mixed with the auth secret and both public keys.
  const ecdhSecret = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = hkdf(Buffer.from(keys.auth, 'base64url'), ecdhSecret, keyInfo, 32);
  // RFC 8188 §2.2-2.3: the content key and the base nonce.
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const baseNonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);

  const plain: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += recordSize, seq += 1) {
    const record = records.subarray(offset, Math.min(offset + recordSize, records.length));
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number is XORed into the last 6 bytes of the nonce (RFC 8188 §2.3).
    for (let byte = 0; byte < 6; byte += 1) nonce[11 - byte]! ^= Math.floor(seq / 256 ** byte) & 0xff;
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // Each record ends with its delimiter (0x02 for the last, 0x01 otherwise) and optional zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    const delimiter = padded[end];
    const last = offset + recordSize >= records.length;
    if (delimiter !== (last ? 2 : 1)) throw new Error(`bad padding delimiter ${delimiter} in record ${seq}`);
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks a VAPID Authorization header (RFC 8292: `vapid t=<JWT>, k=<public key>`): the key is the
 * one expected, and the ES256 signature of the JWT verifies under it. Returns the JWT's claims.
 */
export function verifyVapid(authorization: string | undefined, expectedPublicKey: string): VapidClaims {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== expectedPublicKey) throw new Error('the VAPID header names another public key');
  const [header, claims, signature] = token.split('.') as [string, string, string];
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('the VAPID JWT is not ES256');
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  // JOSE signatures are r ‖ s (IEEE P1363), not DER.
  const valid = verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('the VAPID JWT signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as VapidClaims;
}

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface LocalPushService {
  /** https://127.0.0.1:<port>: a subscription's endpoint is `${origin}/push/<name>`. */
  origin: string;
  /** Trusts the service's self-signed certificate, for the push channel's `agent`. */
  agent: Agent;
  received: ReceivedPush[];
  /** The status the service answers for a path (201 unless told otherwise). */
  answer: (path: string, status: number) => void;
  close: () => Promise<void>;
}

/**
 * A push service on this machine, over TLS as every real one (web-push only speaks https): it keeps
 * each request and answers 201 Created (RFC 8030 §5), or what the test told it for that path. Its
 * certificate is made for 127.0.0.1 by the openssl command, for this run only.
 */
export async function startLocalPushService(): Promise<LocalPushService> {
  const dir = mkdtempSync(join(tmpdir(), 'jornada-push-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
  ], { stdio: 'ignore' });
  const key = readFileSync(keyFile);
  const cert = readFileSync(certFile);
  rmSync(dir, { recursive: true, force: true });

  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answers.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const agent = new Agent({ ca: cert, keepAlive: false });
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    agent,
    received,
    answer: (path, status) => void answers.set(path, status),
    close: async () => {
      agent.destroy();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
