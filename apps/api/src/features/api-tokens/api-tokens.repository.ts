import type { Kysely } from 'kysely';
import type { RoleName } from '@jornada/shared/permissions';
import type { DB } from '../../db/schema';
import { preparedQuery } from '../../db/prepared-query';

export interface ApiTokenRow {
  id: string;
  user_id: string;
  name: string;
  hint: string;
  scopes: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}

const COLUMNS = ['id', 'user_id', 'name', 'hint', 'scopes', 'created_at', 'expires_at', 'revoked_at', 'last_used_at'] as const;

export async function insertApiToken(db: Kysely<DB>, row: ApiTokenRow & { token_hash: string }): Promise<void> {
  await db.insertInto('api_tokens').values(row).execute();
}

export async function listUserApiTokens(db: Kysely<DB>, userId: string): Promise<ApiTokenRow[]> {
  return db.selectFrom('api_tokens').select(COLUMNS).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function findUserApiToken(db: Kysely<DB>, userId: string, id: string): Promise<ApiTokenRow | undefined> {
  return db.selectFrom('api_tokens').select(COLUMNS).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export async function revokeApiToken(db: Kysely<DB>, id: string, at: string): Promise<void> {
  await db.updateTable('api_tokens').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

export interface TokenWithUser {
  id: string;
  scopes: string;
  expiresAt: string | null;
  revokedAt: string | null;
  userId: string;
  name: string;
  username: string;
  roleId: string;
  role: RoleName;
  companyId: string | null;
  isDisabled: boolean;
  isDeleted: boolean;
}

const tokenWithUserQuery = preparedQuery<{ hash: string }>()((db, param) =>
  db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'api_tokens.id',
      'api_tokens.scopes',
      'api_tokens.expires_at',
      'api_tokens.revoked_at',
      'users.id as user_id',
      'users.name',
      'users.username',
      'users.role_id',
      // Decision 043: what the user may do is the role's base, as for a session.
      'roles.base_role as role_name',
      'users.company_id',
      'users.is_disabled',
      'users.is_deleted',
    ])
    .where('api_tokens.token_hash', '=', param('hash')),
);

/** One indexed lookup per request, read fresh each time: the user's role, company and state now. */
export async function findTokenWithUser(db: Kysely<DB>, hash: string): Promise<TokenWithUser | undefined> {
  const row = await tokenWithUserQuery.takeFirst(db, { hash });
  if (!row) return undefined;
  return {
    id: row.id,
    scopes: row.scopes,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    userId: row.user_id,
    name: row.name,
    username: row.username,
    roleId: row.role_id,
    role: row.role_name as RoleName,
    companyId: row.company_id,
    isDisabled: Number(row.is_disabled) === 1,
    isDeleted: Number(row.is_deleted) === 1,
  };
}

/**
 * Counts one request in the token's current minute and answers the count, in one statement on
 * any number of servers. When the minute turns the counter starts again and the last use is
 * written: at most one last-use write a minute, however busy the token.
 */
export const countTokenRequestQuery = preparedQuery<{ id: string; window: number; at: string }>()((db, param) =>
  db
    .updateTable('api_tokens')
    .set((eb) => ({
      rate_count: eb.case().when('rate_window', '=', param('window')).then(eb('rate_count', '+', 1)).else(1).end(),
      last_used_at: eb.case().when('rate_window', '=', param('window')).then(eb.ref('last_used_at')).else(param('at')).end(),
      rate_window: param('window'),
    }))
    .where('id', '=', param('id'))
    .returning('rate_count'),
);

export async function countTokenRequest(db: Kysely<DB>, id: string, window: number, at: Date): Promise<number> {
  const row = await countTokenRequestQuery.takeFirst(db, { id, window, at: at.toISOString() });
  return Number(row?.rate_count ?? 0);
}
