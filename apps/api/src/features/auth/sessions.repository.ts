import type { Kysely } from 'kysely';
import type { RoleName } from '@jornada/shared/permissions';
import type { DB } from '../../db/schema';
import { preparedQuery } from '../../db/prepared-query';
import type { SessionTimes } from './session-policy';

export interface NewSession {
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export async function insertSession(db: Kysely<DB>, session: NewSession): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      created_at: session.createdAt.toISOString(),
      last_seen_at: session.createdAt.toISOString(),
      expires_at: session.expiresAt.toISOString(),
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .execute();
}

export interface SessionWithUser extends SessionTimes {
  id: string;
  userId: string;
  name: string;
  username: string;
  roleId: string;
  role: RoleName;
  companyId: string | null;
  isDisabled: boolean;
  isDeleted: boolean;
  /** The identity tables' version this lookup saw (decision 056: keys the PostgreSQL identity cache). */
  identityVersion: number;
}

const sessionWithUserQuery = preparedQuery<{ sessionId: string }>()((db, param) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'sessions.id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.id as user_id',
      'users.name',
      'users.username',
      'users.role_id',
      // Decision 043: what the user may do is the role's base (a custom role's Empleado or Supervisor).
      'roles.base_role as role_name',
      'users.company_id',
      'users.is_disabled',
      'users.is_deleted',
      // Read in the same statement as the session: whatever this request reads from the identity
      // cache is then at least as new as this snapshot (decision 056).
      (eb) => eb.selectFrom('identity_version').select('identity_version.version').where('identity_version.id', '=', 1).as('identity_version'),
    ])
    .where('sessions.id', '=', param('sessionId')),
);

/** One indexed lookup per request: the session and the user it belongs to. */
export async function findSessionWithUser(db: Kysely<DB>, sessionId: string): Promise<SessionWithUser | undefined> {
  const row = await sessionWithUserQuery.takeFirst(db, { sessionId });
  if (!row) return undefined;
  return {
    id: row.id,
    lastSeenAtMs: Date.parse(row.last_seen_at),
    expiresAtMs: Date.parse(row.expires_at),
    userId: row.user_id,
    name: row.name,
    username: row.username,
    roleId: row.role_id,
    role: row.role_name as RoleName,
    companyId: row.company_id,
    isDisabled: Number(row.is_disabled) === 1,
    isDeleted: Number(row.is_deleted) === 1,
    identityVersion: Number(row.identity_version ?? 0),
  };
}

export const touchSessionQuery = preparedQuery<{ sessionId: string; at: string }>()((db, param) =>
  db.updateTable('sessions').set({ last_seen_at: param('at') }).where('id', '=', param('sessionId')),
);

export async function touchSession(db: Kysely<DB>, sessionId: string, at: Date): Promise<void> {
  await touchSessionQuery.run(db, { sessionId, at: at.toISOString() });
}

export async function deleteSession(db: Kysely<DB>, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function deleteSessionsIdleOrExpired(db: Kysely<DB>, now: Date, idleCutoff: Date): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now.toISOString()), eb('last_seen_at', '<=', idleCutoff.toISOString())]))
    .execute();
}
