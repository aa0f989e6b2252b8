import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/** ARCHITECTURE section 2: argon2id, m=19456 KiB, t=2, p=1 (OWASP's minimum recommendation). */
// 2 is Algorithm.Argon2id (an ambient const enum that isolated modules cannot import).
const argonOptions = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argonOptions);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * The password_hash of a user created with an invitation and no password yet (docs/decisions/039):
 * not an argon2 hash, so no password ever verifies against it; sign-in treats it as no account.
 */
export const INVITATION_PENDING_HASH = '!invitation-pending';

let dummyHash: Promise<string> | undefined;

/** Verifies against a throwaway hash so an unknown username costs the same time as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
}

/** A strong random password that satisfies the spec's rule (uppercase and a special character). */
export function generatePassword(): string {
  const body = randomBytes(18).toString('base64url');
  return `${body}A!`;
}
