import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { DB, LegalArchiveSubjectsTable } from '../../db/schema';
import { newId } from '../../lib/ids';

/** The archive screen lists at most this many subjects of each kind, newest deletions first. */
export const MAX_SUBJECTS_LISTED = 500;

export interface Deletion {
  at: Date;
  byName: string;
}

/** Users who appear in the legal record (a time record, a correction or a signed month), anywhere. */
function hasLegalRecords(eb: ExpressionBuilder<DB, 'users'>) {
  return eb.or([
    eb.exists(eb.selectFrom('time_records').select('time_records.id').whereRef('time_records.user_id', '=', 'users.id')),
    eb.exists(eb.selectFrom('time_record_amendments').select('time_record_amendments.id').whereRef('time_record_amendments.user_id', '=', 'users.id')),
    // (company_id, user_id, month) is the signed months' index; a signed month is always of the user's company.
    eb.exists(eb.selectFrom('signed_months').select('signed_months.id').whereRef('signed_months.company_id', '=', 'users.company_id').whereRef('signed_months.user_id', '=', 'users.id')),
  ]);
}

/**
 * Snapshot of a company and of its users who appear in the legal record, taken in the deletion's
 * transaction before the rows go: the record keeps its names for the 4 years (issue 11, part 7).
 * A user archived earlier (deleted on their own) keeps that first snapshot.
 */
export async function archiveCompany(db: Kysely<DB>, company: { id: string; name: string }, deletion: Deletion): Promise<void> {
  const at = deletion.at.toISOString();
  await db
    .insertInto('legal_archive_subjects')
    .values({ id: newId('arch'), kind: 'company', subject_id: company.id, company_id: company.id, name: company.name, username: null, email: null, deleted_at: at, deleted_by_name: deletion.byName })
    .onConflict((oc) => oc.columns(['kind', 'subject_id']).doNothing())
    .execute();
  await db
    .insertInto('legal_archive_subjects')
    .columns(['id', 'kind', 'subject_id', 'company_id', 'name', 'username', 'email', 'deleted_at', 'deleted_by_name'])
    .expression(
      db
        .selectFrom('users')
        .select((eb) => [
          sql<string>`${'arch-'} || users.id`.as('id'),
          eb.val('user').as('kind'),
          'users.id as subject_id',
          eb.val(company.id).as('company_id'),
          'users.name',
          'users.username',
          'users.email',
          eb.val(at).as('deleted_at'),
          eb.val(deletion.byName).as('deleted_by_name'),
        ])
        .where('users.company_id', '=', company.id)
        .where(hasLegalRecords),
    )
    .onConflict((oc) => oc.columns(['kind', 'subject_id']).doNothing())
    .execute();
}

/** Snapshot of one user at their deletion, when they appear in the legal record. */
export async function archiveUser(db: Kysely<DB>, userId: string, deletion: Deletion): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'username', 'email', 'company_id'])
    .where('id', '=', userId)
    .where(hasLegalRecords)
    .executeTakeFirst();
  if (!user?.company_id) return false;
  await db
    .insertInto('legal_archive_subjects')
    .values({ id: newId('arch'), kind: 'user', subject_id: user.id, company_id: user.company_id, name: user.name, username: user.username, email: user.email, deleted_at: deletion.at.toISOString(), deleted_by_name: deletion.byName })
    .onConflict((oc) => oc.columns(['kind', 'subject_id']).doNothing())
    .execute();
  return true;
}

/** An archived subject with the archived (or live) name of its company. */
export type ArchivedSubjectRow = Selectable<LegalArchiveSubjectsTable> & { company_name: string | null };

/** Archived subjects with the archived (or live) name of their company. */
function selectSubjects(db: Kysely<DB>) {
  return db
    .selectFrom('legal_archive_subjects as subject')
    .leftJoin('legal_archive_subjects as company', (join) => join.onRef('company.subject_id', '=', 'subject.company_id').on('company.kind', '=', 'company'))
    .leftJoin('companies', 'companies.id', 'subject.company_id')
    .select((eb) => [
      'subject.id',
      'subject.kind',
      'subject.subject_id',
      'subject.company_id',
      'subject.name',
      'subject.username',
      'subject.email',
      'subject.deleted_at',
      'subject.deleted_by_name',
      eb.fn.coalesce('companies.name', 'company.name').as('company_name'),
    ]);
}

/** The newest archived subjects of one kind (bounded). */
export async function listSubjects(db: Kysely<DB>, kind: 'company' | 'user'): Promise<ArchivedSubjectRow[]> {
  return selectSubjects(db).where('subject.kind', '=', kind).orderBy('subject.deleted_at', 'desc').orderBy('subject.id', 'desc').limit(MAX_SUBJECTS_LISTED).execute();
}

export async function findSubject(db: Kysely<DB>, id: string): Promise<ArchivedSubjectRow | undefined> {
  return selectSubjects(db).where('subject.id', '=', id).executeTakeFirst();
}

export interface RecordStats {
  key: string;
  recordCount: number;
  workerCount: number;
  firstStart: string | null;
  lastStart: string | null;
}

/** Count, workers and span of the records of many companies or many users: one grouped query. */
export async function recordStats(db: Kysely<DB>, by: 'company_id' | 'user_id', keys: readonly string[]): Promise<Map<string, RecordStats>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('time_records')
    .select((eb) => [
      `time_records.${by} as key`,
      eb.fn.countAll<number | string>().as('record_count'),
      eb.fn.count<number | string>('time_records.user_id').distinct().as('worker_count'),
      eb.fn.min('time_records.start_time').as('first_start'),
      eb.fn.max('time_records.start_time').as('last_start'),
    ])
    .where(`time_records.${by}`, 'in', [...keys])
    .groupBy(`time_records.${by}`)
    .execute();
  return new Map(
    rows.map((row) => [
      row.key,
      { key: row.key, recordCount: Number(row.record_count), workerCount: Number(row.worker_count), firstStart: row.first_start ?? null, lastStart: row.last_start ?? null },
    ]),
  );
}
