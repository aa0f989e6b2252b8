import type { Kysely } from 'kysely';
import type { TokenPurpose } from '@jornada/shared/schemas/account-lifecycle';
import type { DB } from '../../db/schema';
import { newId } from '../../lib/ids';

export interface AccountToken {
  id: string;
  purpose: TokenPurpose;
  userId: string;
  expiresAt: string;
  usedAt: string | null;
  newEmail: string | null;
}

export async function insertToken(
  db: Kysely<DB>,
  token: { purpose: TokenPurpose; userId: string; tokenHash: string; expiresAt: Date; newEmail?: string | null; at: Date },
): Promise<void> {
  await db
    .insertInto('account_tokens')
    .values({
      id: newId('tok'),
      purpose: token.purpose,
      user_id: token.userId,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt.toISOString(),
      used_at: null,
      new_email: token.newEmail ?? null,
      created_at: token.at.toISOString(),
    })
    .execute();
}

export async function findTokenByHash(db: Kysely<DB>, tokenHash: string): Promise<AccountToken | undefined> {
  const row = await db
    .selectFrom('account_tokens')
    .select(['id', 'purpose', 'user_id', 'expires_at', 'used_at', 'new_email'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && { id: row.id, purpose: row.purpose, userId: row.user_id, expiresAt: row.expires_at, usedAt: row.used_at, newEmail: row.new_email };
}

/**
 * Uses the link, once: only the request whose update finds it unused gets true (two tabs racing
 * on one link, two servers on one database).
 */
export async function markTokenUsed(db: Kysely<DB>, id: string, at: Date): Promise<boolean> {
  const result = await db.updateTable('account_tokens').set({ used_at: at.toISOString() }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new link replaces the user's earlier unused ones of the same purpose (they stop working). */
export async function retireUserTokens(db: Kysely<DB>, userId: string, purposes: readonly TokenPurpose[], at: Date): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ used_at: at.toISOString() })
    .where('user_id', '=', userId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .execute();
}

export async function recordTokenRequest(db: Kysely<DB>, ip: string, accountKeys: readonly string[], at: Date): Promise<void> {
  await db
    .insertInto('account_token_requests')
    .values(accountKeys.map((accountKey) => ({ id: newId('tkr'), ip, account_key: accountKey, requested_at: at.toISOString() })))
    .execute();
}

export async function countRequestsSince(db: Kysely<DB>, column: 'ip' | 'account_key', value: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('account_token_requests')
    .select((eb) => eb.fn.countAll().as('count'))
    .where(column, '=', value)
    .where('requested_at', '>', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteRequestsBefore(db: Kysely<DB>, cutoff: Date): Promise<void> {
  await db.deleteFrom('account_token_requests').where('requested_at', '<=', cutoff.toISOString()).execute();
}

/** Reset candidates: the exact username, or every live account with this e-mail (any case). */
export async function findAccountsByIdentifier(db: Kysely<DB>, identifier: string) {
  return db
    .selectFrom('users')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .select(['users.id', 'users.name', 'users.username', 'users.email', 'users.company_id', 'companies.name as company_name', 'users.is_disabled'])
    .where('users.is_deleted', '=', 0)
    .where((eb) => eb.or([eb('users.username', '=', identifier), eb(eb.fn('lower', ['users.email']), '=', identifier.toLowerCase())]))
    .orderBy('users.id')
    .limit(5)
    .execute();
}
