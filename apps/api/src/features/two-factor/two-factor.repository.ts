import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface SecretRow {
  secret: string;
  enabled: boolean;
  lastStep: number;
}

export async function findSecret(db: Kysely<DB>, userId: string): Promise<SecretRow | undefined> {
  const row = await db.selectFrom('two_factor_secrets').select(['secret', 'enabled_at', 'last_step']).where('user_id', '=', userId).executeTakeFirst();
  return row && { secret: row.secret, enabled: row.enabled_at !== null, lastStep: Number(row.last_step) };
}

/** A new enrolment replaces an unfinished one (a QR code shown twice: only the newest counts). */
export async function putPendingSecret(db: Kysely<DB>, userId: string, secret: string, at: Date): Promise<void> {
  await db.deleteFrom('two_factor_secrets').where('user_id', '=', userId).execute();
  await db.insertInto('two_factor_secrets').values({ user_id: userId, secret, enabled_at: null, last_step: 0, created_at: at.toISOString() }).execute();
}

export async function enableSecret(db: Kysely<DB>, userId: string, step: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_secrets')
    .set({ enabled_at: at.toISOString(), last_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Claims a step: false when it (or a later one) was already used, also by a request racing this one. */
export async function claimStep(db: Kysely<DB>, userId: string, step: number): Promise<boolean> {
  const result = await db.updateTable('two_factor_secrets').set({ last_step: step }).where('user_id', '=', userId).where('last_step', '<', step).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteTwoFactor(db: Kysely<DB>, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('two_factor_secrets').where('user_id', '=', userId).executeTakeFirst();
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await deleteDevices(db, userId);
  return Number(result.numDeletedRows) > 0;
}

export async function replaceRecoveryCodes(db: Kysely<DB>, userId: string, rows: { id: string; codeHash: string }[]): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(rows.map((row) => ({ id: row.id, user_id: userId, code_hash: row.codeHash, used_at: null })))
    .execute();
}

/** Marks one unused code used; false when none matches (wrong, or used already, also concurrently). */
export async function useRecoveryCode(db: Kysely<DB>, userId: string, codeHash: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: at.toISOString() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertDevice(db: Kysely<DB>, row: { tokenHash: string; userId: string; expiresAt: Date; at: Date }): Promise<void> {
  await db
    .insertInto('two_factor_devices')
    .values({ token_hash: row.tokenHash, user_id: row.userId, expires_at: row.expiresAt.toISOString(), created_at: row.at.toISOString() })
    .execute();
}

export async function isDeviceRemembered(db: Kysely<DB>, userId: string, tokenHash: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('two_factor_devices')
    .select('token_hash')
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteDevices(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom('two_factor_devices').where('user_id', '=', userId).execute();
}
