import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { CompanyScope } from '../../lib/authorization';

export interface SavedSignatureRow {
  fileId: string;
  updatedAt: string;
}

/** The user's saved signature ('Mi Firma'), inside the scope. */
export async function findSavedSignature(db: Kysely<DB>, scope: CompanyScope, userId: string): Promise<SavedSignatureRow | undefined> {
  const row = await db
    .selectFrom('user_signatures')
    .select(['file_id', 'updated_at'])
    .where('user_id', '=', userId)
    .$if(scope.kind === 'company', (q) => q.where('company_id', '=', scope.kind === 'company' ? scope.companyId : ''))
    .executeTakeFirst();
  return row && { fileId: row.file_id, updatedAt: row.updated_at };
}

/** One saved signature per user: a new one replaces the old. */
export async function upsertSignature(db: Kysely<DB>, value: { userId: string; companyId: string; fileId: string; at: Date }): Promise<void> {
  const at = value.at.toISOString();
  await db
    .insertInto('user_signatures')
    .values({ user_id: value.userId, company_id: value.companyId, file_id: value.fileId, created_at: at, updated_at: at })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ company_id: value.companyId, file_id: value.fileId, updated_at: at }))
    .execute();
}

/**
 * Removes the user's signature files nothing points at any more (the signature just replaced);
 * reports, loans and vacations keep theirs; the registro's are another purpose. Run after the upsert, in the same transaction.
 */
export async function deleteReplacedSignatureFiles(db: Kysely<DB>, userId: string): Promise<void> {
  await db
    .deleteFrom('files')
    .where('owner_id', '=', userId)
    .where('purpose', '=', 'signature')
    .where('id', 'not in', db.selectFrom('user_signatures').select('file_id').where('user_id', '=', userId))
    .where('id', 'not in', db.selectFrom('work_reports').select('signature_file_id').where('user_id', '=', userId))
    // Receipts and confirmations signed with the pad are files of the same owner and purpose (decision 036).
    .where('id', 'not in', db.selectFrom('material_loans').select('signature_file_id').where('employee_id', '=', userId).where('signature_file_id', 'is not', null))
    .where('id', 'not in', db.selectFrom('vacation_requests').select('signature_file_id').where('employee_id', '=', userId).where('signature_file_id', 'is not', null))
    .execute();
}
