import type { Kysely } from 'kysely';
import { ROLE_NOT_FOUND_MESSAGE, ROLE_NOT_IN_COMPANY_MESSAGE, USERNAME_TAKEN_MESSAGE, type CreateUserBody, type UpdateUserBody, type User, type UserPage, type UsersQueryParams } from '@jornada/shared/schemas/users';
import { roleNames, type RoleName } from '@jornada/shared/permissions';
import type { DB } from '../../db/schema';
import { requireRole, scopeOf, type Actor } from '../../lib/authorization';
import { decodeCursor, pageOf } from '../../lib/cursor';
import type { ServiceDeps } from '../../lib/deps';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hashPassword, INVITATION_PENDING_HASH } from '../../lib/passwords';
import { retireUserTokens, sendInvitation } from '../account-tokens/account-tokens.service';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { deleteUserSessions } from './users.repository';
import { findCompanyCategoryIds } from '../categories/categories.service';
import { findExistingCompanyIds, findRoleForCompany } from '../../db/tenant-lookups';
import { archiveUser } from '../legal-archive/legal-archive.service';
import { RETENTION_YEARS } from '../legal-archive/retention';
import * as users from './user-management.repository';

export const USER_NOT_FOUND_MESSAGE = 'Usuario no encontrado.';
export const OWN_ROLE_MESSAGE = 'No puedes cambiar tu propio rol.';

/** Manage-users: every user that is not deleted, by name, optionally narrowed to no company or one company. */
export async function listUsers(deps: ServiceDeps, actor: Actor, query: UsersQueryParams): Promise<UserPage> {
  requireRole(actor, ['Administrador']);
  const company = query.companyId === 'all' ? undefined : query.companyId === 'none' ? { kind: 'none' as const } : { kind: 'company' as const, companyId: query.companyId };
  const after = query.cursor === undefined ? undefined : (decodeCursor(query.cursor, 2) as [string, string]);
  const rows = await users.listUsers(deps.db, scopeOf(actor), {
    company,
    roleIds: query.roleId === undefined ? undefined : [query.roleId],
    text: query.q,
    searchUsername: true,
    after,
    limit: query.limit,
  });
  return pageOf(rows, query.limit, (user) => [user.name, user.id]);
}

async function getUser(deps: ServiceDeps, actor: Actor, id: string): Promise<User> {
  const user = await users.findUserRecord(deps.db, scopeOf(actor), id);
  if (!user || user.isDeleted) throw notFound(USER_NOT_FOUND_MESSAGE);
  return user;
}

/** Two admins saving the same username at once: the unique index decides, with the same message. */
async function usernameGuard<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(USERNAME_TAKEN_MESSAGE);
    throw error;
  }
}

/** Categories a user may hold: only those assigned to their company (another company's id is a 422). */
export async function checkUserCategories(db: Kysely<DB>, companyId: string | null, categoryIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(categoryIds)];
  if (unique.length === 0) return unique;
  const allowed = new Set(companyId ? await findCompanyCategoryIds(db, companyId) : []);
  if (!unique.every((id) => allowed.has(id))) throw unprocessable('Las categorías deben estar asignadas a la empresa del usuario.');
  return unique;
}

/**
 * The role a user may hold (decision 043): a default role, or a custom role assigned to the user's
 * company. Only an administrator gives the Administrador capabilities (the schema keeps them
 * company-less); `allowedBases` narrows what the caller may give.
 */
export async function checkUserRole(
  db: Kysely<DB>,
  roleId: string,
  companyId: string | null,
  allowedBases: readonly RoleName[],
  notAllowedMessage: string,
): Promise<void> {
  const role = await findRoleForCompany(db, roleId, companyId);
  if (!role) throw unprocessable(ROLE_NOT_FOUND_MESSAGE);
  if (!allowedBases.includes(role.base)) throw unprocessable(notAllowedMessage);
  if (!role.isDefault && !role.assigned) throw unprocessable(ROLE_NOT_IN_COMPANY_MESSAGE);
}

async function checkReferences(db: Kysely<DB>, input: { roleId: string; companyId: string | null; categoryIds: string[] }): Promise<string[]> {
  if (input.companyId !== null && (await findExistingCompanyIds(db, [input.companyId])).length === 0) {
    throw unprocessable('La empresa indicada no existe.');
  }
  await checkUserRole(db, input.roleId, input.companyId, roleNames, ROLE_NOT_FOUND_MESSAGE);
  return checkUserCategories(db, input.companyId, input.categoryIds);
}

export async function createUser(deps: ServiceDeps & { publicUrl: string }, actor: Actor, input: CreateUserBody): Promise<User> {
  requireRole(actor, ['Administrador']);
  if (await users.isUsernameTaken(deps.db, input.username)) throw conflict(USERNAME_TAKEN_MESSAGE);
  const categoryIds = await checkReferences(deps.db, input);
  // With an invitation the person chooses the password through the mailed link; until then no
  // password signs in (INVITATION_PENDING_HASH).
  const passwordHash = input.sendInvitation ? INVITATION_PENDING_HASH : await hashPassword(input.password);
  const id = newId('user');
  const now = deps.clock();
  await usernameGuard(deps.db.transaction().execute(async (trx) => {
    await users.insertUser(trx, { ...input, id, passwordHash, at: now });
    await users.replaceUserCategories(trx, id, categoryIds);
    await appendActorAction(trx, actor, now, { companyId: input.companyId, kind: 'user.create', message: `${actor.name} ha creado el usuario «${input.name}»` });
    if (input.sendInvitation && input.email) {
      const company = input.companyId ? await trx.selectFrom('companies').select('name').where('id', '=', input.companyId).executeTakeFirst() : undefined;
      const companyName = company?.name ?? null;
      await sendInvitation(trx, deps, now, { id, name: input.name, username: input.username, email: input.email, companyId: input.companyId, companyName });
      await appendActorAction(trx, actor, now, { companyId: input.companyId, kind: 'user.invite', message: `${actor.name} ha enviado una invitación por correo a «${input.name}»` });
    }
  }));
  return getUser(deps, actor, id);
}

/** A blank password keeps the current one; a new one ends the user's sessions (but the caller's own). */
export async function updateUser(deps: ServiceDeps, actor: Actor, id: string, input: UpdateUserBody): Promise<User> {
  requireRole(actor, ['Administrador']);
  const user = await getUser(deps, actor, id);
  if (id === actor.userId && input.roleId !== user.roleId) throw unprocessable(OWN_ROLE_MESSAGE);
  if (await users.isUsernameTaken(deps.db, input.username, id)) throw conflict(USERNAME_TAKEN_MESSAGE);
  const categoryIds = await checkReferences(deps.db, input);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const now = deps.clock();
  await usernameGuard(deps.db.transaction().execute(async (trx) => {
    const { name, username, email, phone, roleId, companyId } = input;
    await users.updateUser(trx, id, { name, username, email, phone, roleId, companyId, passwordHash, at: now });
    await users.replaceUserCategories(trx, id, categoryIds);
    if (passwordHash) await deleteUserSessions(trx, id, id === actor.userId ? actor.sessionId : undefined);
    // A password set by the administrator ends a pending invitation: its link must not overwrite it.
    if (passwordHash) await retireUserTokens(trx, id, ['invitation', 'reset'], now);
    await appendActorAction(trx, actor, now, { companyId: input.companyId ?? user.companyId, kind: 'user.update', message: `${actor.name} ha actualizado el usuario «${input.name}»` });
  }));
  return getUser(deps, actor, id);
}

/** Soft delete: disabled for good and signed out everywhere; everything the user did stays. */
export async function deleteUser(deps: ServiceDeps, actor: Actor, id: string): Promise<void> {
  requireRole(actor, ['Administrador']);
  const user = await getUser(deps, actor, id);
  if (id === actor.userId) throw unprocessable('No puedes eliminar tu propio usuario.');
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    // The legal record keeps naming the worker for 4 years (decision 014): snapshot before anything changes.
    const archived = await archiveUser(trx, id, { at: now, byName: actor.name });
    await users.softDeleteUser(trx, id, now);
    await deleteUserSessions(trx, id);
    await appendActorAction(trx, actor, now, { companyId: user.companyId, kind: 'user.delete', message: `${actor.name} ha eliminado el usuario «${user.name}»` });
    if (archived) {
      await appendActorAction(trx, actor, now, {
        companyId: user.companyId,
        kind: 'legal-archive.user',
        message: `El registro de jornada de «${user.name}» queda en el archivo legal durante ${RETENTION_YEARS} años`,
      });
    }
  });
}

// What other features may use of this feature's storage: they reach it through the service (issue 22).

export { deleteUserSessions, findGrantedViews, findUserById, findUserByUsername, findUserCategoryIds, isViewGrantedTo } from './users.repository';

export type { UserWithRole } from './users.repository';
export { findUserRecord, insertUser, replaceUserCategories, updateUser as updateUserRecord } from './user-management.repository';
