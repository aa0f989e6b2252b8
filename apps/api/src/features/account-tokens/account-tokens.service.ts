import type { Kysely } from 'kysely';
import { EMAIL_CHANGE_TTL_MS, INVITATION_TTL_MS, RESET_TTL_MS, type TokenPurpose } from '@jornada/shared/schemas/account-lifecycle';
import type { DB } from '../../db/schema';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import { queueMail } from '../mail/queue-mail';
import { invitationMail, linkUrl } from './account-mails';
import * as tokens from './account-tokens.repository';

/*
 * The one-time account links (docs/decisions/039): issued here, below both the users feature (which
 * invites when it creates a person) and the account-lifecycle feature (which redeems the links), so
 * neither imports the other both ways.
 */

const TTL: Record<TokenPurpose, number> = { invitation: INVITATION_TTL_MS, reset: RESET_TTL_MS, email_change: EMAIL_CHANGE_TTL_MS };

/** A new link of `purpose` for the user, replacing their earlier unused ones; returns the token (only ever in the mail). */
export async function issueToken(trx: Kysely<DB>, now: Date, purpose: TokenPurpose, userId: string, newEmail: string | null = null): Promise<string> {
  await tokens.retireUserTokens(trx, userId, [purpose], now);
  const token = newSecretToken();
  await tokens.insertToken(trx, { purpose, userId, tokenHash: hashSecretToken(token), expiresAt: new Date(now.getTime() + TTL[purpose]), newEmail, at: now });
  return token;
}

/** Creating a user with 'Enviar invitación por correo': called in the creation's transaction. */
export async function sendInvitation(
  trx: Kysely<DB>,
  deps: { publicUrl: string },
  now: Date,
  user: { id: string; name: string; username: string; email: string; companyId: string | null; companyName: string | null },
): Promise<void> {
  const token = await issueToken(trx, now, 'invitation', user.id);
  const mail = invitationMail({ companyName: user.companyName, name: user.name, username: user.username, url: linkUrl(deps.publicUrl, 'invitation', token) });
  await queueMail(trx, now, { companyId: user.companyId, to: user.email, kind: 'invitation', ...mail });
}


export { tokens };
export { retireUserTokens } from './account-tokens.repository';
export { emailChangeMail, emailChangeNoticeMail, firstNameOf, linkUrl, resetMail } from './account-mails';
