import type { FastifyInstance, FastifyReply } from 'fastify';

/** ARCHITECTURE section 5: the session rules in one place. */
export const SESSION_COOKIE = 'jornada_session';
/** 'Recordar este dispositivo' (decision 055): only the sign-in routes read it. */
export const DEVICE_COOKIE = 'jornada_device';
export const REMEMBER_DEVICE_MAX_AGE_S = 30 * 24 * 60 * 60;
export const IDLE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not turn into a write per request. */
export const TOUCH_INTERVAL_MS = 60 * 1000;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failures per (username, address) and per address across accounts in the window, then 429 (decision 006). */
export const MAX_FAILURES = 10;
/** An account's failures from all addresses in the window after which its guesses are spaced out. */
export const ACCOUNT_BACKOFF_AFTER = 20;
/** The spacing: a guess within this time of the account's previous failure answers 429 (never a long block). */
export const ACCOUNT_BACKOFF_MS = 5 * 1000;

export { newSecretToken as newSessionToken, hashSecretToken as hashToken } from '../../lib/secret-tokens';

/** A session's two times in epoch milliseconds, parsed once when the row is read (every request checks them). */
export interface SessionTimes {
  lastSeenAtMs: number;
  expiresAtMs: number;
}

export function isSessionAlive(session: SessionTimes, now: Date): boolean {
  const nowMs = now.getTime();
  return session.expiresAtMs > nowMs && session.lastSeenAtMs + IDLE_TIMEOUT_MS > nowMs;
}

export function needsTouch(session: SessionTimes, now: Date): boolean {
  return now.getTime() - session.lastSeenAtMs >= TOUCH_INTERVAL_MS;
}

/** The session cookie as sign-in sets it (also after a password is set from an account link). */
export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.cookieSecure,
    path: '/',
    maxAge: ABSOLUTE_TIMEOUT_MS / 1000,
  });
}

/** The remembered-device cookie: httpOnly, sent only to the sign-in routes. */
export function setDeviceCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.cookieSecure,
    path: '/api/auth',
    maxAge: REMEMBER_DEVICE_MAX_AGE_S,
  });
}
