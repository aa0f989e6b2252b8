import { PASSWORD_CHANGED_MESSAGE, type ChangePasswordRequest, type ChangePasswordResponse } from '@jornada/shared/schemas/account';
import type { Actor } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { TWO_FACTOR_DISABLED_MESSAGE, type DisableTwoFactorRequest } from '@jornada/shared/schemas/two-factor';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { clearFailuresForUsername } from '../auth/auth.service';
import { releaseAttempt, reserveAttempt } from '../auth/throttle';
import { forgetDevices, isTwoFactorRequired, removeTwoFactor } from '../two-factor/two-factor.service';
import { deleteUserSessions, findUserById, updateUserRecord as updateUser } from '../users/users.service';

/**
 * Mi Cuenta: the signed-in user changes their own password. Wrong current passwords count as failed
 * sign-ins, so a stolen session cannot guess its way to the password; the other sessions end.
 */
export async function changePassword(deps: ServiceDeps, actor: Actor, input: ChangePasswordRequest, ip: string): Promise<ChangePasswordResponse> {
  const now = deps.clock();
  const attemptId = await reserveAttempt(deps.db, { username: actor.username, ip, countIp: false }, now);
  const user = await findUserById(deps.db, actor.userId);
  if (!user || user.isDeleted) throw notFound('Usuario no encontrado.');
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw badRequest('La contraseña actual es incorrecta.');
  await releaseAttempt(deps.db, attemptId);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { passwordHash, at: now });
    await deleteUserSessions(trx, user.id, actor.sessionId);
    // Decision 055: a remembered device asks for the code again after a password change.
    await forgetDevices(trx, user.id);
    await clearFailuresForUsername(trx, user.username);
    await appendActorAction(trx, actor, now, { companyId: user.companyId, kind: 'account.password', message: `${actor.name} ha cambiado su contraseña` });
  });
  return { message: PASSWORD_CHANGED_MESSAGE };
}

/**
 * Turning one's own second factor off takes the current password (throttled like the password
 * change), and is refused while the role or company requires it.
 */
export async function disableTwoFactor(
  deps: ServiceDeps & { twoFactorAdminRequired: boolean },
  actor: Actor,
  input: DisableTwoFactorRequest,
  ip: string,
): Promise<{ message: string }> {
  const now = deps.clock();
  const attemptId = await reserveAttempt(deps.db, { username: actor.username, ip, countIp: false }, now);
  const user = await findUserById(deps.db, actor.userId);
  if (!user || user.isDeleted) throw notFound('Usuario no encontrado.');
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw badRequest('La contraseña actual es incorrecta.');
  await releaseAttempt(deps.db, attemptId);
  if (await isTwoFactorRequired(deps, actor)) throw conflict('Tu rol o tu empresa exige la verificación en dos pasos: no se puede desactivar.');
  await deps.db.transaction().execute(async (trx) => {
    if (!(await removeTwoFactor(trx, user.id))) throw conflict('La verificación en dos pasos no está activada.');
    await appendActorAction(trx, actor, now, { companyId: user.companyId, kind: 'two-factor.disable', message: `${actor.name} ha desactivado la verificación en dos pasos` });
  });
  return { message: TWO_FACTOR_DISABLED_MESSAGE };
}
