import type { Kysely } from 'kysely';
import type { SessionResponse } from '@jornada/shared/schemas/auth';
import type { TwoFactorChallenge } from '@jornada/shared/schemas/two-factor';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/authorization';
import type { Clock } from '../../lib/clock';
import { AppError, unauthenticated } from '../../lib/errors';
import { burnPasswordCheck, INVITATION_PENDING_HASH, verifyPassword } from '../../lib/passwords';
import { appendAction } from '../../ledgers/action-log/action-log';
import { findGrantedViews, findUserById, findUserByUsername, findUserCategoryIds, isViewGrantedTo } from '../users/users.service';
import type { AuthCache } from './auth-cache';
import type { IdentityCache } from './identity-cache';
import * as attempts from './login-attempts.repository';
import * as sessions from './sessions.repository';
import { ABSOLUTE_TIMEOUT_MS, hashToken, isSessionAlive, needsTouch, newSessionToken } from './session-policy';
import { releaseAttempt, reserveAttempt } from './throttle';
import { issuePendingLogin, secondStepFor } from './pending-login';

export interface AuthDeps {
  db: Kysely<DB>;
  clock: Clock;
  /** The embedded deployment's in-memory copy (auth-cache.ts); null on PostgreSQL. */
  cache?: AuthCache | null;
  /** PostgreSQL's version-checked profiles and granted views (identity-cache.ts); null on SQLite. */
  identity?: IdentityCache | null;
  /** TWO_FACTOR_ADMIN_REQUIRED (decision 055); unset counts as required. */
  twoFactorAdminRequired?: boolean;
}

export interface LoginInput {
  username: string;
  password: string;
  ip: string;
  userAgent: string | null;
  previousToken: string | undefined;
  /** The 'recordar este dispositivo' cookie, if the browser has one. */
  deviceToken?: string | undefined;
}

/** A session, or (decision 055) the second step: a pending token and no session. */
export type LoginResult = { kind: 'session'; token: string; session: SessionResponse } | { kind: 'two-factor'; challenge: TwoFactorChallenge };

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS');

/**
 * Exact username and password; at most MAX_FAILURES failures per (username, IP) and per IP in the
 * window, and the account's guesses from many addresses spaced out (throttle.ts);
 * an unknown user costs the same as a wrong password; a new token at every login.
 * With a second factor on (or required and not set up), a right password opens no session: it
 * answers a short-lived pending token for the code (or the forced enrolment), two-factor-login.ts.
 */
export async function login(deps: AuthDeps, input: LoginInput): Promise<LoginResult> {
  const { db, clock } = deps;
  const now = clock();
  // Counted as a failure until the password proves right (concurrent guesses included).
  const attemptId = await reserveAttempt(db, { username: input.username, ip: input.ip, countIp: true }, now);

  const user = await findUserByUsername(db, input.username);
  let passwordMatches = false;
  // A user invited and without a password yet is, for sign-in, no account at all (same cost, same answer).
  if (user && !user.isDeleted && user.passwordHash !== INVITATION_PENDING_HASH) passwordMatches = await verifyPassword(user.passwordHash, input.password);
  else await burnPasswordCheck(input.password);
  if (!user || !passwordMatches) throw invalidCredentials();
  if (user.isDisabled) {
    await releaseAttempt(db, attemptId);
    throw new AppError(403, 'USER_DISABLED');
  }

  const step = await secondStepFor(deps, user, input.deviceToken, now);
  if (step) {
    // The password was right, but the pair's earlier failures stay counted until the code is
    // right too: wrong codes and wrong passwords share the throttle.
    await releaseAttempt(db, attemptId);
    return { kind: 'two-factor', challenge: await issuePendingLogin(db, user.id, step, input.ip, now) };
  }
  const token = await openSession(deps, user, input, now);
  return { kind: 'session', token, session: await buildSessionResponse(deps, user.id) };
}

/** Sign-in completed: a new session (the previous cookie's ends), the address's failures cleared, logged. */
export async function openSession(
  deps: AuthDeps,
  user: { id: string; name: string; username: string; companyId: string | null },
  input: Pick<LoginInput, 'ip' | 'userAgent' | 'previousToken'>,
  now: Date,
  inTransaction?: (trx: Kysely<DB>) => Promise<void>,
): Promise<string> {
  const token = newSessionToken();
  await deps.db.transaction().execute(async (trx) => {
    await inTransaction?.(trx);
    if (input.previousToken) await sessions.deleteSession(trx, hashToken(input.previousToken));
    await sessions.insertSession(trx, {
      id: hashToken(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS),
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
    });
    await attempts.clearFailuresForPair(trx, user.username, input.ip);
    await appendAction(trx, {
      actorId: user.id,
      actorName: user.name,
      companyId: user.companyId,
      kind: 'login',
      message: `${user.name} ha iniciado sesión`,
      at: now,
    });
  });
  return token;
}

export async function logout(deps: AuthDeps, token: string | undefined): Promise<void> {
  if (token) await sessions.deleteSession(deps.db, hashToken(token));
}

/** The request's actor, or null for no, expired, idle or revoked sessions and disabled users. */
export async function resolveActor(deps: AuthDeps, token: string): Promise<Actor | null> {
  const { cache } = deps;
  cache?.refresh();
  const sessionId = cache?.sessionIdOf(token) ?? hashToken(token);
  let session = cache?.session(sessionId);
  if (!session) {
    const generation = cache?.generation ?? 0;
    session = await sessions.findSessionWithUser(deps.db, sessionId);
    if (!session) return null;
    cache?.rememberSession(sessionId, session, generation);
    cache?.rememberSessionId(token, sessionId, generation);
  }
  const now = deps.clock();
  if (!isSessionAlive(session, now) || session.isDisabled || session.isDeleted) {
    await sessions.deleteSession(deps.db, sessionId);
    return null;
  }
  if (needsTouch(session, now)) {
    await sessions.touchSession(deps.db, sessionId, now);
    cache?.touched(sessionId, now.getTime());
  }
  return {
    userId: session.userId,
    sessionId,
    name: session.name,
    username: session.username,
    role: session.role,
    roleId: session.roleId,
    companyId: session.companyId,
    ...(deps.identity ? { identityVersion: session.identityVersion } : {}),
  };
}

/** Whether the actor's company grants its role `view` (decision 5); administrators see everything. */
export async function isViewGranted(deps: Pick<AuthDeps, 'db' | 'cache' | 'identity'>, actor: Actor, view: string): Promise<boolean> {
  if (actor.role === 'Administrador') return true;
  if (actor.companyId === null) return false;
  const { cache, identity } = deps;
  const version = actor.identityVersion;
  if (identity && version !== undefined) {
    let views = identity.grantedViews(actor.companyId, actor.roleId, version);
    if (!views) {
      views = new Set(await findGrantedViews(deps.db, actor.role, actor.roleId, actor.companyId));
      identity.rememberGrantedViews(actor.companyId, actor.roleId, version, views);
    }
    return views.has(view);
  }
  if (!cache) return isViewGrantedTo(deps.db, actor.companyId, actor.roleId, view);
  let views = cache.grantedViews(actor.companyId, actor.roleId);
  if (!views) {
    const generation = cache.generation;
    views = new Set(await findGrantedViews(deps.db, actor.role, actor.roleId, actor.companyId));
    cache.rememberGrantedViews(actor.companyId, actor.roleId, views, generation);
  }
  return views.has(view);
}

/** The spec's sign-in result: the user and a profile with the role and what the shell needs. */
/** `identityVersion`: what the request's session lookup read (PostgreSQL, decision 056); without it, no identity cache. */
export async function buildSessionResponse(deps: Pick<AuthDeps, 'db' | 'cache' | 'identity'>, userId: string, identityVersion?: number): Promise<SessionResponse> {
  const cached = deps.cache?.profile(userId);
  if (cached) return cached;
  const identity = identityVersion === undefined ? undefined : deps.identity;
  const known = identity?.profile(userId, identityVersion!);
  if (known) return known;
  const generation = deps.cache?.generation ?? 0;
  const { db } = deps;
  const user = await findUserById(db, userId);
  if (!user) throw unauthenticated();
  const [categoryIds, grantedViews] = await Promise.all([
    findUserCategoryIds(db, user.id),
    findGrantedViews(db, user.role, user.roleId, user.companyId),
  ]);
  const response: SessionResponse = {
    user: {
      id: user.id,
      name: user.name,
      username: user.username,
      email: user.email,
      roleId: user.roleId,
      role: user.role,
      roleName: user.roleName,
      companyId: user.companyId,
      categoryIds,
      isDisabled: user.isDisabled,
    },
    profile: {
      id: user.id,
      name: user.name,
      role: user.role,
      roleName: user.roleName,
      companyId: user.companyId,
      companyName: user.companyName,
      grantedViews,
    },
  };
  deps.cache?.rememberProfile(userId, response, generation);
  identity?.rememberProfile(userId, identityVersion!, response);
  return response;
}

// What other features may use of this feature's storage: they reach it through the service (issue 22).

export { clearFailuresForUsername } from './login-attempts.repository';
export { insertSession } from './sessions.repository';
export { issuePendingLogin, secondStepFor } from './pending-login';
