import type { Kysely } from 'kysely';
import { defaultRoleIds, roleNames } from '@jornada/shared/permissions';
import { isValidNewPassword, PASSWORD_RULE_MESSAGE } from '@jornada/shared/schemas/common';
import type { DB } from './schema';
import { isUniqueViolation } from '../lib/db-errors';
import { generatePassword, hashPassword } from '../lib/passwords';
import { newId } from '../lib/ids';

/** The spec's seed categories; prices in cents, null meaning 'Por Convenio'. */
const seedCategories = [
  { id: 'cat-vigilante', name: 'Vigilante', price_cents: 2250 },
  { id: 'cat-auxiliar', name: 'Auxiliar', price_cents: 1800 },
  { id: 'cat-proteccion-civil', name: 'Protección Civil', price_cents: null },
];

/**
 * First start: the three default roles and the seed categories, once. Later starts change nothing,
 * so categories an administrator deleted stay deleted. Several servers may start at once on a new
 * PostgreSQL database: the fixed ids make a second insert of the same rows a no-op, not a failed start
 * (any unique index: a racing insert can meet the other's row in the name index before the id's).
 */
export async function seedDefaults(db: Kysely<DB>, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('roles').select('id').where('is_default', '=', 1).execute();
    if (existing.length > 0) return;
    const createdAt = now.toISOString();
    await trx
      .insertInto('roles')
      .values(roleNames.map((name) => ({ id: defaultRoleIds[name], name, price_cents: null, is_default: 1, base_role: name, created_at: createdAt })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    await trx
      .insertInto('categories')
      .values(seedCategories.map((category) => ({ ...category, created_at: createdAt })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  });
}

async function adminExists(db: Kysely<DB>): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select('users.id')
    .where('roles.base_role', '=', 'Administrador')
    .where('users.is_deleted', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

export interface AdminBootstrap {
  username: string;
  /** Set only when the password was generated here and must be shown once. */
  generatedPassword?: string;
}

/**
 * Creates the platform Administrador when none exists, from ADMIN_USERNAME / ADMIN_PASSWORD or with a
 * generated password. There are no fixed default credentials anywhere.
 */
export async function ensureAdmin(
  db: Kysely<DB>,
  username: string,
  password: string | undefined,
  now: Date,
): Promise<AdminBootstrap | undefined> {
  if (await adminExists(db)) return undefined;
  if (password !== undefined && !isValidNewPassword(password)) {
    throw new Error(`ADMIN_PASSWORD: ${PASSWORD_RULE_MESSAGE}`);
  }
  const taken = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
  if (taken) {
    // Another server starting at the same moment may have created the administrator since the first check.
    if (await adminExists(db)) return undefined;
    throw new Error(`ADMIN_USERNAME "${username}" belongs to an existing non-admin user; choose another.`);
  }
  const finalPassword = password ?? generatePassword();
  const at = now.toISOString();
  try {
    await insertAdmin(db, username, await hashPassword(finalPassword), at);
  } catch (error) {
    // Lost that race while hashing: the other server's administrator stands, this start goes on.
    if (isUniqueViolation(error) && (await adminExists(db))) return undefined;
    throw error;
  }
  return password === undefined ? { username, generatedPassword: finalPassword } : { username };
}

async function insertAdmin(db: Kysely<DB>, username: string, passwordHash: string, at: string): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: newId('user'),
      name: 'Administrador',
      username,
      password_hash: passwordHash,
      role_id: defaultRoleIds.Administrador,
      company_id: null,
      email: null,
      is_disabled: 0,
      is_deleted: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
}
