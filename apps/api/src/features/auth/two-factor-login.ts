import type { SessionResponse } from '@jornada/shared/schemas/auth';
import { WRONG_CODE_MESSAGE, type RecoveryCodes, type TwoFactorSetup } from '@jornada/shared/schemas/two-factor';
import { AppError } from '../../lib/errors';
import { hashSecretToken } from '../../lib/secret-tokens';
import { checkSecondFactor, finishEnrolment, rememberDevice, startEnrolment } from '../two-factor/two-factor.service';
import { findUserById } from '../users/users.service';
import { buildSessionResponse, openSession, type AuthDeps, type LoginInput } from './auth.service';
import * as pending from './pending-logins.repository';
import { reserveAttempt, releaseAttempt } from './throttle';

type StepInput = Pick<LoginInput, 'ip' | 'userAgent' | 'previousToken'> & { pendingToken: string };

const SIGN_IN_AGAIN = 'El inicio de sesión ha caducado. Vuelve a introducir tu usuario y contraseña.';
const expired = () => new AppError(401, 'LOGIN_EXPIRED', SIGN_IN_AGAIN);

/** The pending sign-in's user, if the token is live, of this step, and the user may still sign in. */
async function pendingUser(deps: AuthDeps, token: string, step: 'verify' | 'enrol', now: Date) {
  const found = await pending.findPendingLogin(deps.db, hashSecretToken(token), now);
  if (!found || found.step !== step) throw expired();
  const user = await findUserById(deps.db, found.userId);
  if (!user || user.isDeleted || user.isDisabled) throw expired();
  return user;
}

/**
 * 'Código de verificación': a TOTP code or a recovery code for the pending sign-in. Wrong codes
 * are counted exactly like wrong passwords (same throttle, same keys). Right: the pending token is
 * used up and the session is opened, with a remembered-device token when asked.
 */
export async function verifyPendingLogin(
  deps: AuthDeps,
  input: StepInput & { code: string; rememberDevice: boolean },
): Promise<{ token: string; session: SessionResponse; deviceToken: string | null }> {
  const now = deps.clock();
  const user = await pendingUser(deps, input.pendingToken, 'verify', now);
  const attemptId = await reserveAttempt(deps.db, { username: user.username, ip: input.ip, countIp: true }, now);
  if (!(await checkSecondFactor(deps.db, user, input.code, now))) throw new AppError(401, 'INVALID_CODE', WRONG_CODE_MESSAGE);
  await releaseAttempt(deps.db, attemptId);
  let deviceToken: string | null = null;
  const token = await openSession(deps, user, input, now, async (trx) => {
    if (!(await pending.consumePendingLogin(trx, hashSecretToken(input.pendingToken)))) throw expired();
    if (input.rememberDevice) deviceToken = await rememberDevice(trx, user.id, now);
  });
  return { token, session: await buildSessionResponse(deps, user.id), deviceToken };
}

/** The forced enrolment's first half: the secret for the QR code (the pending token stays). */
export async function startPendingEnrolment(deps: AuthDeps, pendingToken: string): Promise<TwoFactorSetup> {
  const now = deps.clock();
  const user = await pendingUser(deps, pendingToken, 'enrol', now);
  return startEnrolment(deps.db, user, now);
}

/** The forced enrolment's end: the code proves the app, 2FA is on, the recovery codes are shown, the session opens. */
export async function confirmPendingEnrolment(
  deps: AuthDeps,
  input: StepInput & { code: string },
): Promise<{ token: string; session: SessionResponse; recoveryCodes: RecoveryCodes['recoveryCodes'] }> {
  const now = deps.clock();
  const user = await pendingUser(deps, input.pendingToken, 'enrol', now);
  const attemptId = await reserveAttempt(deps.db, { username: user.username, ip: input.ip, countIp: true }, now);
  let recoveryCodes: string[] = [];
  const token = await openSession(deps, user, input, now, async (trx) => {
    if (!(await pending.consumePendingLogin(trx, hashSecretToken(input.pendingToken)))) throw expired();
    recoveryCodes = (await finishEnrolment(trx, user, input.code, now)).recoveryCodes;
  });
  await releaseAttempt(deps.db, attemptId);
  return { token, session: await buildSessionResponse(deps, user.id), recoveryCodes };
}
