import type { Insertable, Kysely } from 'kysely';
import { MISSING_USER_NAME } from '@jornada/shared/events';
import { CORRECTED_ADDED, parseTimeRecordFlags } from '@jornada/shared/schemas/time-records';
import { ESTATUTO_RULES, type WorkingTimeRules } from '@jornada/shared/working-time';
import type { DB } from '../../db/schema';
import type { RegistroRecord, RegistroSignature, RegistroWorker } from './registro-document';

/** The company's name, or its archived name once deleted (legal record); undefined when neither. */
export async function findRegistroCompany(db: Kysely<DB>, companyId: string): Promise<{ id: string; name: string } | undefined> {
  const company = await db.selectFrom('companies').select(['id', 'name']).where('id', '=', companyId).executeTakeFirst();
  if (company) return company;
  const archived = await db
    .selectFrom('legal_archive_subjects')
    .select(['subject_id', 'name'])
    .where('kind', '=', 'company')
    .where('subject_id', '=', companyId)
    .executeTakeFirst();
  return archived && { id: archived.subject_id, name: archived.name };
}

/** The company's rules; no row is the Estatuto. */
export async function findWorkingTimeRules(db: Kysely<DB>, companyId: string): Promise<WorkingTimeRules> {
  const row = await db.selectFrom('working_time_rules').selectAll().where('company_id', '=', companyId).executeTakeFirst();
  if (!row) return { ...ESTATUTO_RULES };
  return {
    maxDailyHours: Number(row.max_daily_hours),
    minRestHours: Number(row.min_rest_hours),
    maxYearlyOvertimeHours: Number(row.max_yearly_overtime_hours),
    maxMonthlyHours: row.max_monthly_hours === null ? null : Number(row.max_monthly_hours),
  };
}

/** The stored row (undefined: the Estatuto applies), with who changed it last. */
export async function findRulesRow(db: Kysely<DB>, companyId: string) {
  return db.selectFrom('working_time_rules').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

/**
 * The window cut at each 1st of a month (UTC): pieces that tile it exactly, none longer than a
 * month. See listRegistroRecords for why.
 */
export function monthPieces(window: { start: Date; end: Date }): { start: Date; end: Date }[] {
  const pieces: { start: Date; end: Date }[] = [];
  for (let start = window.start; start < window.end; ) {
    const nextMonth = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    const end = nextMonth < window.end ? nextMonth : window.end;
    pieces.push({ start, end });
    start = end;
  }
  return pieces;
}

/**
 * The company's records between two instants (by start), optionally of some workers only: the
 * (company_id, start_time) or (user_id, start_time) index serves it.
 *
 * The whole company's window (a year and a month: the year's overtime needs it) is read a month at
 * a time, in one statement. PostgreSQL judges the company and the range as independent: for a
 * company that holds most records (one company on its own database, or the bench's largest) it
 * expected a third of the table in the year and read all of it, which grew with the history kept
 * (issue 29: 0.5 s at 1x, 2.3 s at 16x). A month's range is small enough for the index at every
 * size, and the pieces read the same rows (docs/decisions/057).
 */
export async function listRegistroRecords(
  db: Kysely<DB>,
  companyId: string,
  window: { start: Date; end: Date },
  userIds?: readonly string[],
): Promise<RegistroRecord[]> {
  if (userIds && userIds.length === 0) return [];
  const between = (piece: { start: Date; end: Date }) =>
    db
      .selectFrom('time_records')
      .select(['id', 'user_id', 'company_id', 'start_time', 'end_time', 'corrected', 'flags'])
      .where('start_time', '>=', piece.start.toISOString())
      .where('start_time', '<', piece.end.toISOString());
  let rows;
  if (userIds) {
    // Some workers: by the user index, the company checked on the rows (a company-first scan would
    // read every worker's year).
    rows = (await between(window).where('user_id', 'in', userIds).execute()).filter((row) => row.company_id === companyId);
  } else {
    const [first, ...rest] = monthPieces(window).map((piece) => between(piece).where('company_id', '=', companyId));
    if (!first) return [];
    rows = await rest.reduce((union, piece) => union.unionAll(piece), first).execute();
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  rows.sort((a, b) => order(a.user_id, b.user_id) || order(a.start_time, b.start_time) || order(a.id, b.id));
  return rows.map((row) => ({ id: row.id, userId: row.user_id, start: row.start_time, end: row.end_time, corrected: Number(row.corrected) !== 0, addedByCorrection: Number(row.corrected) === CORRECTED_ADDED, flags: parseTimeRecordFlags(row.flags) }));
}

/** Who a record names: the user as now, or as archived when deleted; 'Usuario no encontrado' otherwise. */
export async function findRegistroWorkers(db: Kysely<DB>, userIds: readonly string[]): Promise<RegistroWorker[]> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return [];
  const users = await db.selectFrom('users').select(['id', 'name', 'username', 'email']).where('id', 'in', ids).execute();
  const found = new Map<string, RegistroWorker>(users.map((user) => [user.id, { id: user.id, name: user.name, username: user.username, email: user.email }]));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    const archived = await db
      .selectFrom('legal_archive_subjects')
      .select(['subject_id', 'name', 'username', 'email'])
      .where('kind', '=', 'user')
      .where('subject_id', 'in', missing)
      .execute();
    for (const row of archived) found.set(row.subject_id, { id: row.subject_id, name: row.name, username: row.username, email: row.email });
  }
  return ids.map((id) => found.get(id) ?? { id, name: MISSING_USER_NAME, username: null, email: null });
}

/** The company's current Empleado and Supervisor users (not deleted), by name. */
export async function listCompanyStaff(db: Kysely<DB>, companyId: string): Promise<RegistroWorker[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['users.id', 'users.name', 'users.username', 'users.email'])
    .where('users.company_id', '=', companyId)
    .where('users.is_deleted', '=', 0)
    .where('roles.base_role', 'in', ['Empleado', 'Supervisor'])
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, username: row.username, email: row.email }));
}

export interface SignedMonthRow {
  id: string;
  userId: string;
  month: string;
  signedAt: string;
  workedMinutes: number;
  overtimeMinutes: number;
  contentSha256: string;
  /** 1 for the first signature of the month, then 2, 3… when the worker signs a changed month again. */
  version: number;
}

/** Signed months of some workers (all of the company's when omitted) in a month range; the PNG only when asked. */
export async function listSignedMonths(
  db: Kysely<DB>,
  companyId: string,
  months: { from: string; to: string },
  options: { userIds?: readonly string[]; withPng?: boolean } = {},
): Promise<Array<SignedMonthRow & { png?: Uint8Array }>> {
  if (options.userIds && options.userIds.length === 0) return [];
  const rows = await db
    .selectFrom('signed_months')
    .select(['signed_months.id', 'signed_months.user_id', 'signed_months.month', 'signed_months.signed_at', 'signed_months.worked_minutes', 'signed_months.overtime_minutes', 'signed_months.content_sha256', 'signed_months.version'])
    // The PNG is a registro file (decision 036); only the bytes whose SHA-256 the signed row names are its signature.
    .$if(options.withPng === true, (query) =>
      query
        .leftJoin('files', (join) => join.onRef('files.id', '=', 'signed_months.signature_file_id').onRef('files.sha256', '=', 'signed_months.signature_sha256'))
        .select('files.bytes as signature_png'),
    )
    .where('signed_months.company_id', '=', companyId)
    .where('signed_months.month', '>=', months.from)
    .where('signed_months.month', '<=', months.to)
    .$if(options.userIds !== undefined, (query) => query.where('signed_months.user_id', 'in', options.userIds ?? []))
    .orderBy('signed_months.month')
    .orderBy('signed_months.user_id')
    .orderBy('signed_months.version')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    month: row.month,
    signedAt: row.signed_at,
    workedMinutes: Number(row.worked_minutes),
    overtimeMinutes: Number(row.overtime_minutes),
    contentSha256: row.content_sha256,
    version: Number(row.version),
    ...('signature_png' in row && row.signature_png ? { png: new Uint8Array(row.signature_png as Buffer) } : {}),
  }));
}

/** Signatures grouped by worker, as the document wants them. */
export function signaturesByWorker(rows: ReadonlyArray<SignedMonthRow & { png?: Uint8Array }>): Map<string, RegistroSignature[]> {
  const map = new Map<string, RegistroSignature[]>();
  const latest = new Map<string, number>();
  for (const row of rows) latest.set(`${row.userId} ${row.month}`, Math.max(latest.get(`${row.userId} ${row.month}`) ?? 0, row.version));
  for (const row of rows) {
    const signature: RegistroSignature = {
      month: row.month,
      signedAt: row.signedAt,
      superseded: row.version < (latest.get(`${row.userId} ${row.month}`) ?? row.version),
      workedMinutes: row.workedMinutes,
      contentSha256: row.contentSha256,
      ...(row.png ? { png: row.png } : {}),
    };
    const list = map.get(row.userId);
    if (list) list.push(signature);
    else map.set(row.userId, [signature]);
  }
  return map;
}

export interface RulesChange {
  companyId: string;
  maxDailyHours: number;
  minRestHours: number;
  maxYearlyOvertimeHours: number;
  maxMonthlyHours: number | null;
  /** Undefined: unchanged. */
  yearlyOrdinaryHours?: number | null;
  at: string;
  actor: { userId: string; name: string };
}

/** Inserts or replaces the company's rules (one row per company). */
export async function upsertWorkingTimeRules(db: Kysely<DB>, change: RulesChange): Promise<void> {
  const values = {
    max_daily_hours: change.maxDailyHours,
    min_rest_hours: change.minRestHours,
    max_yearly_overtime_hours: change.maxYearlyOvertimeHours,
    max_monthly_hours: change.maxMonthlyHours,
    // Omitted: a client that does not know the annual jornada leaves it as it was.
    ...(change.yearlyOrdinaryHours !== undefined ? { yearly_ordinary_hours: change.yearlyOrdinaryHours } : {}),
    updated_at: change.at,
    updated_by: change.actor.userId,
    updated_by_name: change.actor.name,
  };
  await db
    .insertInto('working_time_rules')
    .values({ company_id: change.companyId, ...values })
    .onConflict((conflict) => conflict.column('company_id').doUpdateSet(values))
    .execute();
}

/** A user's current company and whether they ever clocked for `companyId` (a moved or deleted worker). */
export async function findWorkerCompanyLink(db: Kysely<DB>, userId: string, companyId: string | null) {
  const user = await db.selectFrom('users').select(['id', 'company_id']).where('id', '=', userId).executeTakeFirst();
  const hasRecords =
    companyId !== null &&
    (await db.selectFrom('time_records').select('id').where('company_id', '=', companyId).where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined;
  return { currentCompanyId: user?.company_id ?? null, hasRecords };
}

/** The next version of a worker's signature of a month (1 when it was never signed). */
export async function nextSignatureVersion(db: Kysely<DB>, companyId: string, userId: string, month: string): Promise<number> {
  const row = await db
    .selectFrom('signed_months')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .executeTakeFirst();
  return Number(row?.version ?? 0) + 1;
}

export async function insertSignedMonth(db: Kysely<DB>, row: Insertable<DB['signed_months']>): Promise<void> {
  await db.insertInto('signed_months').values(row).execute();
}

/** Corrections still waiting for an answer on records of the month (they would change what is signed). */
export async function countPendingAmendments(db: Kysely<DB>, companyId: string, userId: string, window: { start: Date; end: Date }): Promise<number> {
  const row = await db
    .selectFrom('time_record_amendments')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .where('status', '=', 'pendiente')
    .where((eb) =>
      eb.or([
        eb.and([eb('before_start', '>=', window.start.toISOString()), eb('before_start', '<', window.end.toISOString())]),
        eb.and([eb('after_start', '>=', window.start.toISOString()), eb('after_start', '<', window.end.toISOString())]),
      ]),
    )
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export interface PlanningSources {
  records: Array<{ id: string; userId: string; eventId: string; start: string; end: string | null }>;
  events: Array<{ id: string; userId: string; start: string; end: string }>;
}

/**
 * What the assignment warnings weigh for some people of a company in a window: their records and
 * their assigned events, each read through its (user_id, …) index.
 */
export async function listPlanningSources(db: Kysely<DB>, companyId: string, userIds: readonly string[], window: { start: Date; end: Date }): Promise<PlanningSources> {
  if (userIds.length === 0) return { records: [], events: [] };
  const from = window.start.toISOString();
  const to = window.end.toISOString();
  // By the (user_id, start_time) index; the company is checked on the rows (see listRegistroRecords).
  const records = (
    await db
      .selectFrom('time_records')
      .select(['id', 'user_id', 'company_id', 'event_id', 'start_time', 'end_time'])
      .where('user_id', 'in', userIds)
      .where('start_time', '>=', from)
      .where('start_time', '<', to)
      .execute()
  ).filter((row) => row.company_id === companyId);
  const events = await db
    .selectFrom('event_assignments')
    .innerJoin('events', 'events.id', 'event_assignments.event_id')
    .select(['events.id', 'event_assignments.user_id', 'events.start_time', 'events.end_time'])
    .where('event_assignments.user_id', 'in', userIds)
    .where('event_assignments.state', '!=', 'declined')
    .where('events.company_id', '=', companyId)
    .where('events.start_time', '>=', from)
    .where('events.start_time', '<', to)
    .execute();
  return {
    records: records.map((row) => ({ id: row.id, userId: row.user_id, eventId: row.event_id, start: row.start_time, end: row.end_time })),
    events: events.map((row) => ({ id: row.id, userId: row.user_id, start: row.start_time, end: row.end_time })),
  };
}
