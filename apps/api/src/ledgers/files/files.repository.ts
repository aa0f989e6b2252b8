import type { Insertable, Kysely } from 'kysely';
import type { DB, FilesTable } from '../../db/schema';
import type { CompanyScope } from '../../lib/authorization';

export type NewFile = Insertable<FilesTable>;

/** A stored file without its bytes: what lists and detail screens show. */
export interface FileMeta {
  id: string;
  name: string;
  contentType: string;
  size: number;
}

/** One stored file with its bytes, for a download. */
export interface FileContent extends FileMeta {
  sha256: string;
  bytes: Buffer;
}

export async function insertFiles(db: Kysely<DB>, files: readonly NewFile[]): Promise<void> {
  if (files.length > 0) await db.insertInto('files').values([...files]).execute();
}

/** A copy of a stored file under a new id, inside the database (the bytes never travel); false when it is gone. */
export async function copyFile(db: Kysely<DB>, sourceId: string, copy: { id: string; purpose: FilesTable['purpose']; createdAt: string }): Promise<boolean> {
  const result = await db
    .insertInto('files')
    .columns(['id', 'company_id', 'owner_id', 'purpose', 'name', 'content_type', 'size', 'sha256', 'bytes', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('files')
        .select([
          eb.val(copy.id).as('id'),
          'company_id',
          'owner_id',
          eb.val(copy.purpose).as('purpose'),
          'name',
          'content_type',
          'size',
          'sha256',
          'bytes',
          eb.val(copy.createdAt).as('created_at'),
        ])
        .where('id', '=', sourceId),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function deleteFiles(db: Kysely<DB>, ids: readonly (string | null)[]): Promise<void> {
  const present = ids.filter((id): id is string => id !== null);
  if (present.length > 0) await db.deleteFrom('files').where('id', 'in', present).execute();
}

/**
 * The bytes of one file inside the scope. Callers first prove the caller may see the record that
 * owns the file (the same check as the screen that shows it); the scope is the second lock.
 */
export async function findFileContent(db: Kysely<DB>, scope: CompanyScope, id: string): Promise<FileContent | undefined> {
  const row = await db
    .selectFrom('files')
    .select(['id', 'name', 'content_type', 'size', 'sha256', 'bytes'])
    .where('id', '=', id)
    .$if(scope.kind === 'company', (q) => q.where('company_id', '=', scope.kind === 'company' ? scope.companyId : ''))
    .executeTakeFirst();
  return row && { id: row.id, name: row.name, contentType: row.content_type, size: Number(row.size), sha256: row.sha256, bytes: Buffer.from(row.bytes) };
}
