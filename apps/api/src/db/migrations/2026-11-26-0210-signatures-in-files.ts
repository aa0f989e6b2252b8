import { createHash } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { sniffFileType } from '@jornada/shared/files';
import { newId } from '../../lib/ids';

// Migrations are never edited once landed: add a new file instead.
// Issue 22, item 2 (decision 036): every signature lives in `files`.
//  - `files` loses its foreign keys to companies and users, so a signature of the registro (purpose
//    'registro-signature': a signed month, a correction's approval) outlives its company and its
//    worker like the rows that point at it; the company deletion skips those rows explicitly and the
//    4-year purge deletes them with their row.
//  - Loans and vacations: the PNG data URL columns become `signature_file_id` (decoded bytes).
//  - Signed months: `signature_png` becomes `signature_file_id`; `signature_sha256` stays in the row,
//    so the row still says which bytes were signed and a swapped file is not printed as the signature.
//  - Corrections: `time_record_amendments.signature_file_id` is sealed in the registro chain, so it
//    keeps its value; the kept copy (`amendment_signatures`) goes back under that very id, and the
//    table is dropped.

const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';
const PAGE = 200;
/** The tables whose rows point at `files` (SQLite keeps them while the table is rebuilt). Children first. */
const FILE_CHILDREN = ['work_report_attachments', 'work_reports', 'user_documents', 'user_signatures'] as const;

/** The tables as this migration finds and leaves them (today's `schema.ts` lacks the dropped columns). */
interface Tables {
  files: FileRow;
  material_loans: { id: string; company_id: string; employee_id: string; signature: string | null; signature_file_id: string | null };
  vacation_requests: { id: string; company_id: string; employee_id: string; signature: string | null; signature_file_id: string | null };
  signed_months: { id: string; company_id: string; user_id: string; signed_at: string; signature_png: Buffer | null; signature_file_id: string | null };
  amendment_signatures: { amendment_id: string; company_id: string; signature_png: Buffer; signature_sha256: string; signed_at: string };
  time_record_amendments: { id: string; company_id: string; user_id: string; decided_at: string | null; signature_file_id: string | null };
}
type Db = Kysely<Tables>;

const isPostgres = (db: Pick<Kysely<unknown>, 'getExecutor'>) => db.getExecutor().adapter instanceof PostgresAdapter;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface FileRow {
  id: string;
  company_id: string;
  owner_id: string;
  purpose: 'signature' | 'document' | 'attachment' | 'registro-signature';
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  bytes: Buffer;
  created_at: string;
}

function pngFile(bytes: Buffer, owner: { companyId: string; ownerId: string }, purpose: FileRow['purpose'], createdAt: string): FileRow {
  return {
    id: newId('file'),
    company_id: owner.companyId,
    owner_id: owner.ownerId,
    purpose,
    name: 'firma.png',
    content_type: sniffFileType(bytes),
    size: bytes.length,
    sha256: sha256(bytes),
    bytes,
    created_at: createdAt,
  };
}

function decodeDataUrl(dataUrl: string, where: string): Buffer {
  // Both columns only ever took validated PNG data URLs; anything else is refused rather than lost.
  if (!dataUrl.startsWith(PNG_DATA_URL_PREFIX)) throw new Error(`${where}: la firma guardada no es una imagen PNG (data URL); migración detenida sin cambios.`);
  return Buffer.from(dataUrl.slice(PNG_DATA_URL_PREFIX.length), 'base64');
}

async function insertFile(db: Db, file: FileRow): Promise<void> {
  await db.insertInto('files').values(file).execute();
}

/** `files` without foreign keys to companies and users, and with the purpose of the registro's signatures. */
async function freeFilesFromCompanies(db: Db): Promise<void> {
  const purposes = sql`purpose in ('signature', 'document', 'attachment', 'registro-signature')`;
  if (isPostgres(db)) {
    const constraints = await sql<{ name: string }>`
      select conname as name from pg_constraint
      where conrelid = 'files'::regclass and (contype = 'f' or (contype = 'c' and pg_get_constraintdef(oid) like '%purpose%'))
    `.execute(db);
    for (const { name } of constraints.rows) await sql`alter table files drop constraint ${sql.id(name)}`.execute(db);
    await sql`alter table files add constraint files_purpose_check check (${purposes})`.execute(db);
    return;
  }
  // SQLite cannot drop a constraint: the table is rebuilt. Foreign keys are on inside the migration's
  // transaction, so the rows pointing at `files` are set aside while the old table goes, then put back.
  const children = await sql<{ name: string }>`
    select distinct m.name as name from sqlite_master m, pragma_foreign_key_list(m.name) f where m.type = 'table' and f."table" = 'files'
  `.execute(db);
  const unexpected = children.rows.map((row) => row.name).filter((name) => !(FILE_CHILDREN as readonly string[]).includes(name));
  if (unexpected.length > 0) throw new Error(`signatures-in-files: unexpected tables pointing at files: ${unexpected.join(', ')}`);
  await sql`
    create table files_v2 (
      id text primary key,
      company_id text not null,
      owner_id text not null,
      purpose text not null check (${purposes}),
      name text not null,
      content_type text not null,
      size integer not null,
      sha256 text not null,
      bytes blob not null,
      created_at text not null
    )
  `.execute(db);
  await sql`insert into files_v2 (id, company_id, owner_id, purpose, name, content_type, size, sha256, bytes, created_at)
    select id, company_id, owner_id, purpose, name, content_type, size, sha256, bytes, created_at from files`.execute(db);
  for (const table of FILE_CHILDREN) await sql`create table ${sql.id(`${table}_kept`)} as select * from ${sql.id(table)}`.execute(db);
  for (const table of FILE_CHILDREN) await sql`delete from ${sql.id(table)}`.execute(db);
  await sql`drop table files`.execute(db);
  await sql`alter table files_v2 rename to files`.execute(db);
  await db.schema.createIndex('files_company_idx').on('files').column('company_id').execute();
  await db.schema.createIndex('files_owner_idx').on('files').column('owner_id').execute();
  for (const table of [...FILE_CHILDREN].reverse()) {
    await sql`insert into ${sql.id(table)} select * from ${sql.id(`${table}_kept`)}`.execute(db);
    await sql`drop table ${sql.id(`${table}_kept`)}`.execute(db);
  }
}

/** Data URL columns (loans, vacations) into files, a page at a time so a big table never sits in memory. */
async function moveDataUrls(db: Db, table: 'material_loans' | 'vacation_requests', signedAt: readonly [string, string]): Promise<void> {
  await db.schema.alterTable(table).addColumn('signature_file_id', 'text', (c) => c.references('files.id')).execute();
  for (;;) {
    const rows = await db
      .selectFrom(table)
      .select(['id', 'company_id', 'employee_id', 'signature', sql<string>`coalesce(${sql.ref(signedAt[0])}, ${sql.ref(signedAt[1])})`.as('signed_at')])
      .where('signature', 'is not', null)
      .where('signature_file_id', 'is', null)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const bytes = decodeDataUrl(row.signature as string, `${table} ${row.id}`);
      const file = pngFile(bytes, { companyId: row.company_id, ownerId: row.employee_id }, 'signature', row.signed_at);
      await insertFile(db, file);
      await db.updateTable(table).set({ signature_file_id: file.id }).where('id', '=', row.id).execute();
    }
  }
  await db.schema.alterTable(table).dropColumn('signature').execute();
}

async function moveSignedMonths(db: Db): Promise<void> {
  await db.schema.alterTable('signed_months').addColumn('signature_file_id', 'text').execute();
  for (;;) {
    const rows = await db
      .selectFrom('signed_months')
      .select(['id', 'company_id', 'user_id', 'signed_at', 'signature_png'])
      .where('signature_file_id', 'is', null)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const file = pngFile(Buffer.from(row.signature_png as Buffer), { companyId: row.company_id, ownerId: row.user_id }, 'registro-signature', row.signed_at);
      await insertFile(db, file);
      await db.updateTable('signed_months').set({ signature_file_id: file.id }).where('id', '=', row.id).execute();
    }
  }
  await db.schema.alterTable('signed_months').dropColumn('signature_png').execute();
}

async function moveApprovalSignatures(db: Db): Promise<void> {
  // The id is sealed in the amendment's chain payload: it must not change, whatever happened to the file.
  const kept = await db
    .selectFrom('amendment_signatures as s')
    .innerJoin('time_record_amendments as a', 'a.id', 's.amendment_id')
    .select(['a.id as amendment_id', 'a.signature_file_id', 'a.company_id', 'a.user_id', 's.signature_png', 's.signature_sha256', 's.signed_at'])
    .execute();
  for (const copy of kept) {
    if (copy.signature_file_id === null) throw new Error(`signatures-in-files: la corrección ${copy.amendment_id} guarda una firma sin file id; migración detenida sin cambios.`);
    const bytes = Buffer.from(copy.signature_png);
    const existing = await db.selectFrom('files').select('id').where('id', '=', copy.signature_file_id).executeTakeFirst();
    // The kept copy is the legal one: the file row takes its bytes (identical unless tampered with).
    const content = { purpose: 'registro-signature' as const, content_type: sniffFileType(bytes), size: bytes.length, sha256: sha256(bytes), bytes };
    if (existing) await db.updateTable('files').set(content).where('id', '=', copy.signature_file_id).execute();
    else await insertFile(db, { ...content, id: copy.signature_file_id, company_id: copy.company_id, owner_id: copy.user_id, name: 'firma.png', created_at: copy.signed_at });
  }
  // An approval whose copy was never made (no such row) still has its file: it becomes the registro's too.
  await db
    .updateTable('files')
    .set({ purpose: 'registro-signature' })
    .where('id', 'in', db.selectFrom('time_record_amendments').select('signature_file_id').where('signature_file_id', 'is not', null))
    .execute();
  await db.schema.dropTable('amendment_signatures').execute();
}

export async function up(migrating: Kysely<unknown>): Promise<void> {
  const db = migrating as Db;
  await freeFilesFromCompanies(db);
  // Created when the employee signed: the confirmation or the answer (the request or the loan otherwise).
  await moveDataUrls(db, 'material_loans', ['confirmation_date', 'loan_date']);
  await moveDataUrls(db, 'vacation_requests', ['processed_at', 'created_at']);
  await moveSignedMonths(db);
  await moveApprovalSignatures(db);
}

/**
 * Puts every signature back where 0200 kept it, byte for byte (data URLs, `signature_png`,
 * `amendment_signatures`), so an older server reads them. Faithful for the data, not for `files`'
 * schema: it keeps no foreign keys and the wider purpose check, since a registro signature of a
 * deleted company could never satisfy the foreign keys again (the older code never relied on them).
 */
export async function down(migrating: Kysely<unknown>): Promise<void> {
  const db = migrating as Db;
  const bytesType = isPostgres(db) ? 'bytea' : 'blob';
  await db.schema
    .createTable('amendment_signatures')
    .addColumn('amendment_id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('signature_png', bytesType, (c) => c.notNull())
    .addColumn('signature_sha256', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'text', (c) => c.notNull())
    .execute();
  await sql`
    insert into amendment_signatures (amendment_id, company_id, signature_png, signature_sha256, signed_at)
    select a.id, a.company_id, f.bytes, f.sha256, coalesce(a.decided_at, f.created_at)
    from time_record_amendments a join files f on f.id = a.signature_file_id
  `.execute(db);
  await sql`update files set purpose = 'signature' where id in (select signature_file_id from time_record_amendments where signature_file_id is not null)`.execute(db);

  await db.schema.alterTable('signed_months').addColumn('signature_png', bytesType).execute();
  await sql`update signed_months set signature_png = (select f.bytes from files f where f.id = signed_months.signature_file_id)`.execute(db);
  await sql`delete from files where id in (select signature_file_id from signed_months)`.execute(db);
  await db.schema.alterTable('signed_months').dropColumn('signature_file_id').execute();

  for (const table of ['material_loans', 'vacation_requests'] as const) {
    await db.schema.alterTable(table).addColumn('signature', 'text').execute();
    const rows = await db
      .selectFrom(table)
      .innerJoin('files', 'files.id', `${table}.signature_file_id`)
      .select([`${table}.id as id`, 'files.bytes as bytes'])
      .execute();
    for (const row of rows) {
      await db.updateTable(table).set({ signature: PNG_DATA_URL_PREFIX + Buffer.from(row.bytes).toString('base64') }).where('id', '=', row.id).execute();
    }
    const moved = (await db.selectFrom(table).select('signature_file_id').where('signature_file_id', 'is not', null).execute()).map((row) => row.signature_file_id as string);
    await db.updateTable(table).set({ signature_file_id: null }).execute();
    for (let i = 0; i < moved.length; i += PAGE) await db.deleteFrom('files').where('id', 'in', moved.slice(i, i + PAGE)).execute();
    await db.schema.alterTable(table).dropColumn('signature_file_id').execute();
  }
}
