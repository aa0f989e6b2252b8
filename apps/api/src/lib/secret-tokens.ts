import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: a session cookie, a one-time account link. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a secret token: its sha256 (hex), so a database copy opens nothing. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
