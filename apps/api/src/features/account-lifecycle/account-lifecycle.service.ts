import { setTimeout as sleep } from 'node:timers/promises';
import {
  EMAIL_CHANGE_REQUESTED_MESSAGE,
  EMAIL_CHANGED_MESSAGE,
  INVITATION_SENT_MESSAGE,
  LINK_INVALID_MESSAGE,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  type MessageResponse,
  type TokenInfo,
  type TokenPurpose,
} from '@jornada/shared/schemas/account-lifecycle';
import { appendAction, appendActorAction } from '../../ledgers/action-log/action-log';
import { scopeOf, type Actor } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { AppError, badRequest, notFound, unprocessable } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import { emailChangeMail, emailChangeNoticeMail, firstNameOf, linkUrl, resetMail, issueToken, sendInvitation, tokens } from '../account-tokens/account-tokens.service';
import { clearFailuresForUsername, insertSession, issuePendingLogin, secondStepFor } from '../auth/auth.service';
import { forgetDevices } from '../two-factor/two-factor.service';
import type { TwoFactorChallenge } from '@jornada/shared/schemas/two-factor';
import { ABSOLUTE_TIMEOUT_MS } from '../auth/session-policy';
import { releaseAttempt, reserveAttempt } from '../auth/throttle';
import { queueMail } from '../mail/queue-mail';
import { deleteUserSessions, findUserById, findUserRecord, updateUserRecord as updateUser, type UserWithRole } from '../users/users.service';

export interface LifecycleDeps extends ServiceDeps {
  /** Config PUBLIC_URL: the links in the mails. */
  publicUrl: string;
}

/** Reset requests per address and per account in RESET_REQUEST_WINDOW_MS (docs/decisions/039). */
export const RESET_REQUESTS_PER_IP = 10;
export const RESET_REQUESTS_PER_ACCOUNT = 3;
export const RESET_REQUEST_WINDOW_MS = 60 * 60 * 1000;
/**
 * Every reset request takes at least this long (real time), so whether a mail was queued cannot be
 * read from how fast the answer came.
 */
export const RESET_MIN_RESPONSE_MS = 400;

const linkInvalid = () => new AppError(410, 'LINK_INVALID', LINK_INVALID_MESSAGE);
const tooManyRequests = () => new AppError(429, 'TOO_MANY_REQUESTS', 'Has pedido demasiados enlaces. Espera un rato antes de volver a intentarlo.');

/**
 * 'Reenviar invitación': a new link, the previous one stops working. Administrators for anyone;
 * supervisors for the Empleado and Supervisor users of their own company (another company's: 404).
 */
export async function resendInvitation(deps: LifecycleDeps, actor: Actor, userId: string): Promise<MessageResponse> {
  const user = await findUserRecord(deps.db, scopeOf(actor), userId);
  const visible = user && !user.isDeleted && (actor.role === 'Administrador' || user.role !== 'Administrador');
  if (!user || !visible) throw notFound('Usuario no encontrado.');
  if (!user.invitationPending) throw unprocessable('Este usuario ya ha creado su contraseña: no tiene invitación pendiente.');
  if (!user.email) throw unprocessable('El usuario no tiene correo electrónico.');
  const email = user.email;
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await sendInvitation(trx, deps, now, { ...user, email, companyName: user.company?.name ?? null });
    await appendActorAction(trx, actor, now, { companyId: user.companyId, kind: 'user.invite', message: `${actor.name} ha reenviado la invitación a «${user.name}»` });
  });
  return { message: INVITATION_SENT_MESSAGE };
}

/**
 * '¿Has olvidado tu contraseña?': the same answer whatever the identifier (docs/decisions/039).
 * Counted per address and per account in the database before anything else; then a link to every
 * live, enabled account with that username or e-mail that has an e-mail.
 */
export async function requestPasswordReset(deps: LifecycleDeps, identifier: string, ip: string): Promise<MessageResponse> {
  const started = performance.now();
  try {
    const now = deps.clock();
    const since = new Date(now.getTime() - RESET_REQUEST_WINDOW_MS);
    const accounts = await tokens.findAccountsByIdentifier(deps.db, identifier);
    // An unknown identifier is counted under its own text, so it is throttled exactly like an account.
    const keys = accounts.length > 0 ? accounts.map((account) => account.id) : [`?${identifier.toLowerCase()}`];
    // Checked before writing (a blocked caller does not extend its block: it ends an hour after its
    // last counted request) and again after (requests racing past the first count see each other's
    // rows), as throttle.ts does for sign-in (decisions 006 and 015).
    const over = async (written: boolean) => {
      const limit = (max: number) => (written ? max : max - 1);
      if ((await tokens.countRequestsSince(deps.db, 'ip', ip, since)) > limit(RESET_REQUESTS_PER_IP)) return true;
      for (const key of keys) if ((await tokens.countRequestsSince(deps.db, 'account_key', key, since)) > limit(RESET_REQUESTS_PER_ACCOUNT)) return true;
      return false;
    };
    if (await over(false)) throw tooManyRequests();
    await tokens.recordTokenRequest(deps.db, ip, keys, now);
    if (await over(true)) throw tooManyRequests();

    await deps.db.transaction().execute(async (trx) => {
      for (const account of accounts) {
        if (!account.email || Number(account.is_disabled) === 1) continue;
        const token = await issueToken(trx, now, 'reset', account.id);
        const mail = resetMail({ companyName: account.company_name, name: account.name, username: account.username, url: linkUrl(deps.publicUrl, 'reset', token) });
        await queueMail(trx, now, { companyId: account.company_id, to: account.email, kind: 'password-reset', ...mail });
        await appendAction(trx, {
          actorId: account.id,
          actorName: account.name,
          companyId: account.company_id,
          kind: 'account.reset.request',
          message: `Se ha enviado a ${account.name} un enlace para restablecer la contraseña`,
          at: now,
        });
      }
    });
    return { message: PASSWORD_RESET_REQUESTED_MESSAGE };
  } finally {
    const left = RESET_MIN_RESPONSE_MS - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}

interface LiveToken {
  token: tokens.AccountToken;
  user: UserWithRole;
}

/** The token's row and user when the link may still be used by `purposes`; else 410 with the Spanish message. */
async function liveToken(deps: ServiceDeps, rawToken: string, purposes: readonly TokenPurpose[]): Promise<LiveToken> {
  const token = await tokens.findTokenByHash(deps.db, hashSecretToken(rawToken));
  if (!token || !purposes.includes(token.purpose) || token.usedAt !== null || Date.parse(token.expiresAt) <= deps.clock().getTime()) throw linkInvalid();
  const user = await findUserById(deps.db, token.userId);
  if (!user || user.isDeleted || user.isDisabled) throw linkInvalid();
  return { token, user };
}

/** What the link page shows before acting: the purpose and the first name (nothing that identifies more). */
export async function inspectToken(deps: ServiceDeps, rawToken: string): Promise<TokenInfo> {
  const { token, user } = await liveToken(deps, rawToken, ['invitation', 'reset', 'email_change']);
  return { purpose: token.purpose, firstName: firstNameOf(user.name) };
}

export interface SignedInResult {
  /** The new session's token, for the cookie; null when the second factor is still to come (decision 055). */
  sessionToken: string | null;
  userId: string;
  /** A user with two-factor sign-in on (or required): the link sets the password but opens no session. */
  challenge: TwoFactorChallenge | null;
}

/**
 * A new password through a reset or an invitation link: used once, every session of the user ends
 * and the caller is signed in with a new one (like a login).
 */
export async function setPasswordWithToken(
  deps: ServiceDeps & { twoFactorAdminRequired: boolean },
  purpose: 'reset' | 'invitation',
  input: { token: string; newPassword: string },
  request: { ip: string; userAgent: string | null },
): Promise<SignedInResult> {
  const { token, user } = await liveToken(deps, input.token, [purpose]);
  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.clock();
  // A mailed link is one factor: a user with a second one still has to give it (never a session here).
  const step = await secondStepFor(deps, user, undefined, now);
  const sessionToken = step ? null : newSecretToken();
  let challenge: TwoFactorChallenge | null = null;
  await deps.db.transaction().execute(async (trx) => {
    if (!(await tokens.markTokenUsed(trx, token.id, now))) throw linkInvalid();
    await forgetDevices(trx, user.id);
    await updateUser(trx, user.id, { passwordHash, at: now });
    // Any other link of either kind is spent too: the password they were for is chosen.
    await tokens.retireUserTokens(trx, user.id, ['reset', 'invitation'], now);
    await deleteUserSessions(trx, user.id);
    await clearFailuresForUsername(trx, user.username);
    if (step) challenge = await issuePendingLogin(trx, user.id, step, request.ip, now);
    if (sessionToken) await insertSession(trx, {
      id: hashSecretToken(sessionToken),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS),
      ip: request.ip,
      userAgent: request.userAgent?.slice(0, 300) ?? null,
    });
    await appendAction(trx, {
      actorId: user.id,
      actorName: user.name,
      companyId: user.companyId,
      kind: purpose === 'reset' ? 'account.reset' : 'account.invitation.accept',
      message: purpose === 'reset' ? `${user.name} ha restablecido su contraseña con un enlace` : `${user.name} ha aceptado la invitación y creado su contraseña`,
      at: now,
    });
  });
  return { sessionToken, userId: user.id, challenge };
}

/** Mi Cuenta 'Correo electrónico': the current password, then a link to the new address; the old one stays until then. */
export async function requestEmailChange(deps: LifecycleDeps, actor: Actor, input: { currentPassword: string; newEmail: string }, ip: string): Promise<MessageResponse> {
  const now = deps.clock();
  const attemptId = await reserveAttempt(deps.db, { username: actor.username, ip, countIp: false }, now);
  const user = await findUserById(deps.db, actor.userId);
  if (!user || user.isDeleted) throw notFound('Usuario no encontrado.');
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw badRequest('La contraseña actual es incorrecta.');
  await releaseAttempt(deps.db, attemptId);
  const newEmail = input.newEmail;
  if (user.email && user.email.toLowerCase() === newEmail.toLowerCase()) throw unprocessable('Ese ya es tu correo electrónico.');
  await deps.db.transaction().execute(async (trx) => {
    const token = await issueToken(trx, now, 'email_change', user.id, newEmail);
    const mail = emailChangeMail({ companyName: user.companyName, name: user.name, url: linkUrl(deps.publicUrl, 'email_change', token) });
    await queueMail(trx, now, { companyId: user.companyId, to: newEmail, kind: 'email-change', ...mail });
    if (user.email) await queueMail(trx, now, { companyId: user.companyId, to: user.email, kind: 'email-change-notice', ...emailChangeNoticeMail(user) });
    await appendActorAction(trx, actor, now, { companyId: user.companyId, kind: 'account.email.request', message: `${actor.name} ha pedido cambiar su correo electrónico` });
  });
  return { message: EMAIL_CHANGE_REQUESTED_MESSAGE };
}

/**
 * The link from the new address: the e-mail changes now. Opened while signed in as somebody else,
 * it changes nothing (409): a link forwarded to the wrong person must not act in their session.
 */
export async function confirmEmailChange(deps: ServiceDeps, rawToken: string, signedInUserId: string | null): Promise<MessageResponse> {
  const { token, user } = await liveToken(deps, rawToken, ['email_change']);
  if (signedInUserId !== null && signedInUserId !== user.id) {
    throw new AppError(409, 'OTHER_ACCOUNT', 'Este enlace es de otra cuenta. Cierra la sesión y vuelve a abrirlo.');
  }
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await tokens.markTokenUsed(trx, token.id, now))) throw linkInvalid();
    await updateUser(trx, user.id, { email: token.newEmail, at: now });
    await appendAction(trx, {
      actorId: user.id,
      actorName: user.name,
      companyId: user.companyId,
      kind: 'account.email.change',
      message: `${user.name} ha confirmado su nuevo correo electrónico`,
      at: now,
    });
  });
  return { message: EMAIL_CHANGED_MESSAGE };
}

