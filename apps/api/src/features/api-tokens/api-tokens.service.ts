import type { Kysely } from 'kysely';
import { API_TOKEN_PREFIX, apiTokenScopes, type ApiToken, type ApiTokenScope, type CreateApiTokenRequest, type CreateApiTokenResponse } from '@jornada/shared/schemas/api-tokens';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/authorization';
import type { Clock } from '../../lib/clock';
import { AppError, forbidden, notFound, unprocessable } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import * as repository from './api-tokens.repository';

export interface ApiTokenDeps {
  db: Kysely<DB>;
  clock: Clock;
}

/** A token can neither make nor see tokens: only its owner, signed in with a session, can. */
function requireSession(actor: Actor): void {
  if (actor.apiToken) throw forbidden('Los tokens de API solo se gestionan desde la sesión de su usuario.');
}

function toApiToken(row: repository.ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    hint: row.hint,
    scopes: parseScopes(row.scopes),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
  };
}

function parseScopes(text: string): ApiTokenScope[] {
  return text.split(',').filter((scope): scope is ApiTokenScope => (apiTokenScopes as readonly string[]).includes(scope));
}

export async function listApiTokens(deps: ApiTokenDeps, actor: Actor): Promise<ApiToken[]> {
  requireSession(actor);
  return (await repository.listUserApiTokens(deps.db, actor.userId)).map(toApiToken);
}

export async function createApiToken(deps: ApiTokenDeps, actor: Actor, input: CreateApiTokenRequest): Promise<CreateApiTokenResponse> {
  requireSession(actor);
  const now = deps.clock();
  let expiresAt: string | null = null;
  if (input.expiresOn) {
    const end = new Date(`${input.expiresOn}T23:59:59.999Z`);
    if (end.getTime() <= now.getTime()) throw unprocessable('La caducidad debe ser hoy o una fecha posterior.');
    expiresAt = end.toISOString();
  }
  const scopes = apiTokenScopes.filter((scope) => input.scopes.includes(scope));
  const secret = `${API_TOKEN_PREFIX}${newSecretToken()}`;
  const row: repository.ApiTokenRow = {
    id: newId('apitok'),
    user_id: actor.userId,
    name: input.name,
    hint: secret.slice(0, API_TOKEN_PREFIX.length + 4),
    scopes: scopes.join(','),
    created_at: now.toISOString(),
    expires_at: expiresAt,
    revoked_at: null,
    last_used_at: null,
  };
  await deps.db.transaction().execute(async (trx) => {
    await repository.insertApiToken(trx, { ...row, token_hash: hashSecretToken(secret) });
    await appendActorAction(trx, actor, now, { companyId: actor.companyId, kind: 'api_token.created', message: `${actor.name} ha creado el token de API «${input.name}» (${scopes.join(', ')})` });
  });
  return { token: toApiToken(row), secret };
}

export async function revokeUserApiToken(deps: ApiTokenDeps, actor: Actor, id: string): Promise<void> {
  requireSession(actor);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    const token = await repository.findUserApiToken(trx, actor.userId, id);
    if (!token) throw notFound('Ese token de API no existe.');
    if (token.revoked_at) return;
    await repository.revokeApiToken(trx, id, now.toISOString());
    await appendActorAction(trx, actor, now, { companyId: actor.companyId, kind: 'api_token.revoked', message: `${actor.name} ha revocado el token de API «${token.name}»` });
  });
}

/** Whether an Authorization header carries a bearer token, and which. */
export function bearerTokenOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : header.toLowerCase().startsWith('bearer') ? '' : null;
}

const invalidToken = () => new AppError(401, 'UNAUTHENTICATED', 'El token de API no es válido, ha caducado o se ha revocado.');

/**
 * The actor of a bearer token, with exactly what a session would give its user now (role, company,
 * disabled or deleted), plus the token's scopes; then the request is counted against the token's
 * rate limit. Throws 401 for an unknown, revoked or expired token or a user who can no longer
 * sign in, and 429 past the limit.
 */
export async function resolveTokenActor(deps: ApiTokenDeps & { rateLimit: number }, token: string): Promise<{ actor: Actor; retryAfter?: number }> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) throw invalidToken();
  const found = await repository.findTokenWithUser(deps.db, hashSecretToken(token));
  const now = deps.clock();
  if (!found || found.revokedAt !== null || found.isDisabled || found.isDeleted) throw invalidToken();
  if (found.expiresAt !== null && Date.parse(found.expiresAt) <= now.getTime()) throw invalidToken();
  const window = Math.floor(now.getTime() / 60_000);
  const count = await repository.countTokenRequest(deps.db, found.id, window, now);
  const actor: Actor = {
    userId: found.userId,
    // Matches no session: code that keeps "this session" when closing the others keeps none.
    sessionId: `api-token:${found.id}`,
    name: found.name,
    username: found.username,
    role: found.role,
    roleId: found.roleId,
    companyId: found.companyId,
    apiToken: { id: found.id, scopes: parseScopes(found.scopes) },
  };
  if (count > deps.rateLimit) return { actor, retryAfter: Math.max(1, Math.ceil(((window + 1) * 60_000 - now.getTime()) / 1000)) };
  return { actor };
}
