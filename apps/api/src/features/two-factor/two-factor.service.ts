import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RoleName } from '@jornada/shared/permissions';
import { TWO_FACTOR_RESET_MESSAGE, type RecoveryCodes, type TwoFactorSetup, type TwoFactorStatus } from '@jornada/shared/schemas/two-factor';
import type { DB } from '../../db/schema';
import { scopeOf, type Actor } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import { appendAction, appendActorAction } from '../../ledgers/action-log/action-log';
import { getCompanySettings } from '../company-settings/company-settings.service';
import { findUserRecord } from '../users/users.service';
import * as repository from './two-factor.repository';
import { base32Encode, matchTotp, newTotpSecret, otpauthUri } from './totp';

export interface TwoFactorDeps extends ServiceDeps {
  /** TWO_FACTOR_ADMIN_REQUIRED (decision 055). */
  twoFactorAdminRequired: boolean;
}

export const RECOVERY_CODE_COUNT = 10;
/** 'Recordar este dispositivo durante 30 días'. */
export const REMEMBER_DEVICE_MS = 30 * 24 * 60 * 60 * 1000;
const WRONG_SETUP_CODE = 'El código no coincide. Comprueba la hora del teléfono y escribe el código que muestra ahora la aplicación.';

interface Person {
  id: string;
  name: string;
  companyId: string | null;
}

/** The Administrador by configuration; a company's Supervisors when the company asks for it. */
export async function isTwoFactorRequired(deps: TwoFactorDeps, user: { role: RoleName; companyId: string | null }): Promise<boolean> {
  if (user.role === 'Administrador') return deps.twoFactorAdminRequired;
  if (user.role === 'Supervisor' && user.companyId !== null) return (await getCompanySettings(deps.db, user.companyId)).supervisorTwoFactor;
  return false;
}

export async function isTwoFactorEnabled(db: Kysely<DB>, userId: string): Promise<boolean> {
  return (await repository.findSecret(db, userId))?.enabled === true;
}

const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const hashRecoveryCode = (code: string) => createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');

/**
 * The second factor at sign-in: a TOTP code within ±1 step, never one already used (each accepted
 * step is claimed atomically), or one unused recovery code, which is then used up and logged.
 */
export async function checkSecondFactor(db: Kysely<DB>, user: Person, code: string, now: Date): Promise<boolean> {
  const secret = await repository.findSecret(db, user.id);
  if (!secret?.enabled) return false;
  if (/^\d{6}$/.test(code)) {
    const step = matchTotp(secret.secret, code, now, secret.lastStep);
    return step !== null && (await repository.claimStep(db, user.id, step));
  }
  if (!(await repository.useRecoveryCode(db, user.id, hashRecoveryCode(code), now))) return false;
  const left = await repository.countUnusedRecoveryCodes(db, user.id);
  await appendAction(db, {
    actorId: user.id,
    actorName: user.name,
    companyId: user.companyId,
    kind: 'two-factor.recovery',
    message: `${user.name} ha usado un código de recuperación para iniciar sesión (quedan ${left})`,
    at: now,
  });
  return true;
}

/** A new secret waiting for its first code (an unfinished one is replaced). */
export async function startEnrolment(db: Kysely<DB>, user: { id: string; username: string }, now: Date): Promise<TwoFactorSetup> {
  if (await isTwoFactorEnabled(db, user.id)) throw conflict('La verificación en dos pasos ya está activada.');
  const secret = newTotpSecret();
  await repository.putPendingSecret(db, user.id, secret, now);
  return { secret, otpauthUri: otpauthUri(secret, user.username) };
}

/**
 * The first code proves the app holds the secret: 2FA is on, ten recovery codes are made (shown
 * once, kept hashed), remembered devices of an earlier enrolment are forgotten. In `db`'s transaction.
 */
export async function finishEnrolment(db: Kysely<DB>, user: Person, code: string, now: Date): Promise<RecoveryCodes> {
  const secret = await repository.findSecret(db, user.id);
  if (!secret) throw badRequest('Empieza de nuevo la configuración: no hay ningún código pendiente de confirmar.');
  if (secret.enabled) throw conflict('La verificación en dos pasos ya está activada.');
  const step = matchTotp(secret.secret, code, now, secret.lastStep);
  if (step === null || !(await repository.enableSecret(db, user.id, step, now))) throw badRequest(WRONG_SETUP_CODE);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await repository.replaceRecoveryCodes(db, user.id, recoveryCodes.map((code) => ({ id: newId('rc'), codeHash: hashRecoveryCode(code) })));
  await repository.deleteDevices(db, user.id);
  await appendAction(db, { actorId: user.id, actorName: user.name, companyId: user.companyId, kind: 'two-factor.enable', message: `${user.name} ha activado la verificación en dos pasos`, at: now });
  return { recoveryCodes };
}

/** A remembered device's cookie value; only its hash is stored, for this user only. */
export async function rememberDevice(db: Kysely<DB>, userId: string, now: Date): Promise<string> {
  const token = newSecretToken();
  await repository.insertDevice(db, { tokenHash: hashSecretToken(token), userId, expiresAt: new Date(now.getTime() + REMEMBER_DEVICE_MS), at: now });
  return token;
}

export function isRememberedDevice(db: Kysely<DB>, userId: string, token: string, now: Date): Promise<boolean> {
  return repository.isDeviceRemembered(db, userId, hashSecretToken(token), now);
}

/** A password change (or a 2FA reset) makes every remembered device ask for the code again. */
export function forgetDevices(db: Kysely<DB>, userId: string): Promise<void> {
  return repository.deleteDevices(db, userId);
}

/** Turns 2FA off for the user (secret, recovery codes, remembered devices); logged by the caller. */
export function removeTwoFactor(db: Kysely<DB>, userId: string): Promise<boolean> {
  return repository.deleteTwoFactor(db, userId);
}

export async function readStatus(deps: TwoFactorDeps, actor: Actor): Promise<TwoFactorStatus> {
  const [enabled, required, recoveryCodesLeft] = await Promise.all([
    isTwoFactorEnabled(deps.db, actor.userId),
    isTwoFactorRequired(deps, actor),
    repository.countUnusedRecoveryCodes(deps.db, actor.userId),
  ]);
  return { enabled, required, recoveryCodesLeft: enabled ? recoveryCodesLeft : 0 };
}

export async function startOwnEnrolment(deps: ServiceDeps, actor: Actor): Promise<TwoFactorSetup> {
  return startEnrolment(deps.db, { id: actor.userId, username: actor.username }, deps.clock());
}

export async function confirmOwnEnrolment(deps: ServiceDeps, actor: Actor, code: string): Promise<RecoveryCodes> {
  const now = deps.clock();
  return deps.db.transaction().execute((trx) => finishEnrolment(trx, { id: actor.userId, name: actor.name, companyId: actor.companyId }, code, now));
}

/**
 * A lost phone: the Administrador resets anyone's second factor; a Supervisor (with the company's
 * view-employees) only their own company's Empleados. The user enrols again at their next sign-in
 * if the policy requires it. Remembered devices go with it.
 */
export async function resetUserTwoFactor(deps: ServiceDeps, actor: Actor, userId: string): Promise<{ message: string }> {
  const user = await findUserRecord(deps.db, scopeOf(actor), userId);
  const reachable = user && !user.isDeleted && (actor.role === 'Administrador' || user.role === 'Empleado');
  if (!user || !reachable) throw notFound('Usuario no encontrado.');
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    const had = await removeTwoFactor(trx, user.id);
    if (!had) throw unprocessableNotEnabled();
    await appendActorAction(trx, actor, now, { companyId: user.companyId, kind: 'two-factor.reset', message: `${actor.name} ha restablecido la verificación en dos pasos de «${user.name}»` });
  });
  return { message: TWO_FACTOR_RESET_MESSAGE };
}

const unprocessableNotEnabled = () => conflict('Este usuario no tiene activada la verificación en dos pasos.');
