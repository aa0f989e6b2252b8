import type { Kysely } from 'kysely';
import type { RequiredDocType } from '@jornada/shared/schemas/categories';
import type { DB } from '../../db/schema';
import type { CompanyScope } from '../../lib/authorization';
import { roleIdsWithBase } from '../../db/tenant-lookups';

/** An employee's stored documents are bounded by what their categories ever asked for; this caps a runaway. */
const MAX_DOCUMENTS = 500;

export interface RequiredDocument {
  id: string;
  name: string;
  type: RequiredDocType;
}

/** The required documents of all the user's categories, de-duplicated by id, in category then admin order. */
export async function listRequiredDocuments(db: Kysely<DB>, userId: string): Promise<RequiredDocument[]> {
  const rows = await db
    .selectFrom('user_categories')
    .innerJoin('categories', 'categories.id', 'user_categories.category_id')
    .innerJoin('category_documents', 'category_documents.category_id', 'categories.id')
    .select(['category_documents.id', 'category_documents.name', 'category_documents.type'])
    .where('user_categories.user_id', '=', userId)
    .orderBy('categories.name')
    .orderBy('categories.id')
    .orderBy('category_documents.position')
    .limit(MAX_DOCUMENTS)
    .execute();
  const byId = new Map<string, RequiredDocument>();
  for (const row of rows) if (!byId.has(row.id)) byId.set(row.id, { id: row.id, name: row.name, type: row.type });
  return [...byId.values()];
}

export async function findRequiredDocument(db: Kysely<DB>, userId: string, documentId: string): Promise<RequiredDocument | undefined> {
  return (await listRequiredDocuments(db, userId)).find((document) => document.id === documentId);
}

export interface SavedDocument {
  documentId: string;
  name: string;
  type: RequiredDocType;
  text: string | null;
  file: { id: string; name: string; size: number; contentType: string } | null;
  updatedAt: string;
}

/** The values a user has saved (with their file's metadata, never its bytes), inside the scope. */
export async function listSavedDocuments(db: Kysely<DB>, scope: CompanyScope, userId: string): Promise<SavedDocument[]> {
  const rows = await db
    .selectFrom('user_documents')
    .leftJoin('files', 'files.id', 'user_documents.file_id')
    .leftJoin('category_documents', 'category_documents.id', 'user_documents.document_id')
    .select([
      'user_documents.document_id',
      'user_documents.document_name',
      'category_documents.name as current_name',
      'user_documents.type',
      'user_documents.text_value',
      'user_documents.updated_at',
      'files.id as file_id',
      'files.name as file_name',
      'files.size as file_size',
      'files.content_type as file_type',
    ])
    .where('user_documents.user_id', '=', userId)
    .$if(scope.kind === 'company', (q) => q.where('user_documents.company_id', '=', scope.kind === 'company' ? scope.companyId : ''))
    .orderBy('user_documents.document_name')
    .orderBy('user_documents.document_id')
    .limit(MAX_DOCUMENTS)
    .execute();
  return rows.map((row) => ({
    documentId: row.document_id,
    name: row.current_name ?? row.document_name,
    type: row.type,
    text: row.text_value,
    file:
      row.file_id === null
        ? null
        : { id: row.file_id, name: row.file_name ?? '', size: Number(row.file_size ?? 0), contentType: row.file_type ?? 'application/octet-stream' },
    updatedAt: row.updated_at,
  }));
}

export async function findSavedDocumentFileId(db: Kysely<DB>, scope: CompanyScope, userId: string, documentId: string): Promise<string | null> {
  const row = await db
    .selectFrom('user_documents')
    .select('file_id')
    .where('user_id', '=', userId)
    .where('document_id', '=', documentId)
    .$if(scope.kind === 'company', (q) => q.where('company_id', '=', scope.kind === 'company' ? scope.companyId : ''))
    .executeTakeFirst();
  return row?.file_id ?? null;
}

export interface DocumentValue {
  userId: string;
  companyId: string;
  document: RequiredDocument;
  text: string | null;
  fileId: string | null;
  at: Date;
}

/** Saves a value, stamped with company and user (spec section 3); a second save replaces the first. */
export async function upsertDocument(db: Kysely<DB>, value: DocumentValue): Promise<void> {
  const at = value.at.toISOString();
  const changes = {
    company_id: value.companyId,
    document_name: value.document.name,
    type: value.document.type,
    text_value: value.text,
    file_id: value.fileId,
    updated_at: at,
  };
  await db
    .insertInto('user_documents')
    .values({ user_id: value.userId, document_id: value.document.id, created_at: at, ...changes })
    .onConflict((conflict) => conflict.columns(['user_id', 'document_id']).doUpdateSet(changes))
    .execute();
}

/**
 * Removes the user's document files no value points at any more (the photo just replaced). Run
 * after the upsert in the same transaction: a concurrent save's new file is not visible yet, and
 * the one saved last removes the other's.
 */
export async function deleteReplacedDocumentFiles(db: Kysely<DB>, userId: string): Promise<void> {
  await db
    .deleteFrom('files')
    .where('owner_id', '=', userId)
    .where('purpose', '=', 'document')
    .where('id', 'not in', db.selectFrom('user_documents').select('file_id').where('user_id', '=', userId).where('file_id', 'is not', null).$narrowType<{ file_id: string }>())
    .execute();
}

export interface EmployeeRef {
  id: string;
  name: string;
  companyId: string;
}

/** An Empleado or Supervisor inside the scope that is not deleted (the users view-employees lists). */
export async function findEmployee(db: Kysely<DB>, scope: CompanyScope, id: string): Promise<EmployeeRef | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'name', 'company_id'])
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .where('role_id', 'in', roleIdsWithBase(db, ['Empleado', 'Supervisor']))
    .where('company_id', 'is not', null)
    .$if(scope.kind === 'company', (q) => q.where('company_id', '=', scope.kind === 'company' ? scope.companyId : ''))
    .executeTakeFirst();
  return row && row.company_id !== null ? { id: row.id, name: row.name, companyId: row.company_id } : undefined;
}
