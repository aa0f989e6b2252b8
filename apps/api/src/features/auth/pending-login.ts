import type { Kysely } from 'kysely';
import type { RoleName } from '@jornada/shared/permissions';
import type { TwoFactorChallenge } from '@jornada/shared/schemas/two-factor';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import { isRememberedDevice, isTwoFactorEnabled, isTwoFactorRequired } from '../two-factor/two-factor.service';
import * as pending from './pending-logins.repository';

/** Time to type the code (or to set up the app, for a forced enrolment); never a session. */
export const PENDING_LOGIN_MS = 10 * 60 * 1000;

interface PolicyDeps {
  db: Kysely<DB>;
  clock: Clock;
  twoFactorAdminRequired?: boolean;
}

/**
 * After a right password: 'verify' when the user has 2FA on and this browser is not a remembered
 * device of theirs, 'enrol' when their role or company requires it and they have none, else null.
 */
export async function secondStepFor(
  deps: PolicyDeps,
  user: { id: string; role: RoleName; companyId: string | null },
  deviceToken: string | undefined,
  now: Date,
): Promise<'verify' | 'enrol' | null> {
  if (await isTwoFactorEnabled(deps.db, user.id)) {
    if (deviceToken && (await isRememberedDevice(deps.db, user.id, deviceToken, now))) return null;
    return 'verify';
  }
  const required = await isTwoFactorRequired({ db: deps.db, clock: deps.clock, twoFactorAdminRequired: deps.twoFactorAdminRequired ?? true }, user);
  return required ? 'enrol' : null;
}

export async function issuePendingLogin(db: Kysely<DB>, userId: string, step: 'verify' | 'enrol', ip: string, now: Date): Promise<TwoFactorChallenge> {
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + PENDING_LOGIN_MS);
  await pending.insertPendingLogin(db, { tokenHash: hashSecretToken(token), userId, step, ip, expiresAt, at: now });
  return { twoFactor: { step, pendingToken: token, expiresAt: expiresAt.toISOString() } };
}
