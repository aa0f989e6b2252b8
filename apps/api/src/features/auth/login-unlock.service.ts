import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/authorization';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { findUserById } from '../users/users.service';
import { clearFailuresForUsername } from './login-attempts.repository';

/**
 * Clears every failed sign-in of the user, from every address, so a blocked owner gets in at once;
 * logged in the action log under the user's company. The route admits platform administrators only.
 */
export async function unlockLogin(deps: { db: Kysely<DB>; clock: Clock }, actor: Actor, userId: string): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user || user.isDeleted) throw notFound('Usuario no encontrado.');
  await deps.db.transaction().execute(async (trx) => {
    const cleared = await clearFailuresForUsername(trx, user.username);
    await appendActorAction(trx, actor, deps.clock(), {
      companyId: user.companyId,
      kind: 'auth.unlock',
      message: `${actor.name} ha desbloqueado el acceso de ${user.name} (${cleared} intento(s) fallido(s) borrado(s))`,
    });
  });
}
