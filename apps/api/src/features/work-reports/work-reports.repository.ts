import type { Insertable, Kysely } from 'kysely';
import { anyContains } from '../../lib/list-filters';
import type { DB, WorkReportsTable } from '../../db/schema';
import type { CompanyScope } from '../../lib/authorization';

type Scoped = CompanyScope;
const companyOf = (scope: Scoped) => (scope.kind === 'company' ? scope.companyId : '');

export interface PendingEventRow {
  id: string;
  name: string;
  location: string;
  startTime: string;
  endTime: string;
}

/**
 * The user's finished events (end <= now, decision 1) that have no report of theirs yet, newest
 * end first, keyset-paginated on (end_time, id). Reads limit + 1 rows.
 */
export async function listPendingEvents(
  db: Kysely<DB>,
  scope: Scoped,
  userId: string,
  options: { now: Date; after?: readonly [string, string]; limit: number },
): Promise<PendingEventRow[]> {
  const { after } = options;
  const rows = await db
    .selectFrom('events')
    .innerJoin('event_assignments', (join) => join.onRef('event_assignments.event_id', '=', 'events.id').on('event_assignments.user_id', '=', userId).on('event_assignments.state', '!=', 'declined'))
    .select(['events.id', 'events.name', 'events.location', 'events.start_time', 'events.end_time'])
    .$if(scope.kind === 'company', (q) => q.where('events.company_id', '=', companyOf(scope)))
    .where('events.end_time', '<=', options.now.toISOString())
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('work_reports').select('work_reports.id').whereRef('work_reports.event_id', '=', 'events.id').where('work_reports.user_id', '=', userId),
        ),
      ),
    )
    .$if(after !== undefined, (q) => q.where((eb) => eb(eb.refTuple('events.end_time', 'events.id'), '<', eb.tuple(after![0], after![1]))))
    .orderBy('events.end_time', 'desc')
    .orderBy('events.id', 'desc')
    .limit(options.limit + 1)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, location: row.location, startTime: row.start_time, endTime: row.end_time }));
}

export interface ReportEvent {
  id: string;
  name: string;
  companyId: string;
  endTime: string;
  assigned: boolean;
}

/** The event a report is for, inside the scope, and whether the user was assigned to it. */
export async function findReportEvent(db: Kysely<DB>, scope: Scoped, eventId: string, userId: string): Promise<ReportEvent | undefined> {
  const row = await db
    .selectFrom('events')
    .leftJoin('event_assignments', (join) => join.onRef('event_assignments.event_id', '=', 'events.id').on('event_assignments.user_id', '=', userId).on('event_assignments.state', '!=', 'declined'))
    .select(['events.id', 'events.name', 'events.company_id', 'events.end_time', 'event_assignments.user_id as assigned_user'])
    .where('events.id', '=', eventId)
    .$if(scope.kind === 'company', (q) => q.where('events.company_id', '=', companyOf(scope)))
    .executeTakeFirst();
  return row && { id: row.id, name: row.name, companyId: row.company_id, endTime: row.end_time, assigned: row.assigned_user !== null };
}

export async function reportExists(db: Kysely<DB>, userId: string, eventId: string): Promise<boolean> {
  const row = await db.selectFrom('work_reports').select('id').where('user_id', '=', userId).where('event_id', '=', eventId).executeTakeFirst();
  return row !== undefined;
}

/** Inserting a second report of a user for one event violates work_reports_user_event_idx. */
export async function insertReport(db: Kysely<DB>, report: Insertable<WorkReportsTable>, attachmentFileIds: readonly string[]): Promise<void> {
  await db.insertInto('work_reports').values(report).execute();
  if (attachmentFileIds.length > 0) {
    await db
      .insertInto('work_report_attachments')
      .values(attachmentFileIds.map((fileId, position) => ({ report_id: report.id, file_id: fileId, position })))
      .execute();
  }
}

function reportQuery(db: Kysely<DB>) {
  return db
    .selectFrom('work_reports')
    .leftJoin('events', 'events.id', 'work_reports.event_id')
    .leftJoin('users', 'users.id', 'work_reports.user_id')
    .leftJoin('companies', 'companies.id', 'work_reports.company_id')
    .select((eb) => [
      'work_reports.id',
      'work_reports.event_id',
      'work_reports.user_id',
      'work_reports.company_id',
      'work_reports.observations',
      'work_reports.created_at',
      'events.name as event_name',
      'events.location as event_location',
      'events.start_time as event_start_time',
      'events.end_time as event_end_time',
      'users.name as user_name',
      'companies.name as company_name',
      eb
        .selectFrom('work_report_attachments')
        .select((count) => count.fn.countAll<number | string>().as('count'))
        .whereRef('work_report_attachments.report_id', '=', 'work_reports.id')
        .as('attachment_count'),
    ]);
}

type ReportQueryRow = Awaited<ReturnType<ReturnType<typeof reportQuery>['executeTakeFirstOrThrow']>>;

export interface ReportRow {
  id: string;
  eventId: string;
  userId: string;
  companyId: string;
  observations: string;
  createdAt: string;
  eventName: string | null;
  eventLocation: string | null;
  eventStartTime: string | null;
  eventEndTime: string | null;
  employeeName: string | null;
  companyName: string | null;
  attachmentCount: number;
}

function toReportRow(row: ReportQueryRow): ReportRow {
  return {
    id: row.id,
    eventId: row.event_id,
    userId: row.user_id,
    companyId: row.company_id,
    observations: row.observations,
    createdAt: row.created_at,
    eventName: row.event_name,
    eventLocation: row.event_location,
    eventStartTime: row.event_start_time,
    eventEndTime: row.event_end_time,
    employeeName: row.user_name,
    companyName: row.company_name,
    attachmentCount: Number(row.attachment_count ?? 0),
  };
}

export interface ReportListQuery {
  /** Only this author's reports (Partes de Trabajo). */
  userId?: string;
  /** An administrator's company filter, inside the scope. */
  companyId?: string;
  /** A reviewer's filters (issue 21), inside the scope: the event, sent in [sentFrom, sentBefore), a name. */
  eventId?: string;
  sentFrom?: string;
  sentBefore?: string;
  text?: string;
  /** created_at and id of the last report of the previous page. */
  after?: readonly [string, string];
  limit: number;
}

/** Reports newest first, keyset-paginated on (created_at, id). Reads limit + 1 rows. */
export async function listReports(db: Kysely<DB>, scope: Scoped, query: ReportListQuery): Promise<ReportRow[]> {
  const { userId, companyId, after } = query;
  const rows = await reportQuery(db)
    .$if(scope.kind === 'company', (q) => q.where('work_reports.company_id', '=', companyOf(scope)))
    .$if(companyId !== undefined, (q) => q.where('work_reports.company_id', '=', companyId!))
    .$if(userId !== undefined, (q) => q.where('work_reports.user_id', '=', userId!))
    .$if(query.eventId !== undefined, (q) => q.where('work_reports.event_id', '=', query.eventId!))
    .$if(query.sentFrom !== undefined, (q) => q.where('work_reports.created_at', '>=', query.sentFrom!))
    .$if(query.sentBefore !== undefined, (q) => q.where('work_reports.created_at', '<', query.sentBefore!))
    .$if(query.text !== undefined, (q) => q.where((eb) => anyContains(eb, [eb.ref('users.name'), eb.ref('events.name')], query.text!)))
    .$if(after !== undefined, (q) => q.where((eb) => eb(eb.refTuple('work_reports.created_at', 'work_reports.id'), '<', eb.tuple(after![0], after![1]))))
    .orderBy('work_reports.created_at', 'desc')
    .orderBy('work_reports.id', 'desc')
    .limit(query.limit + 1)
    .execute();
  return rows.map(toReportRow);
}

/** One report inside the scope (and of `userId` when given). */
export async function findReport(db: Kysely<DB>, scope: Scoped, id: string, userId?: string): Promise<ReportRow | undefined> {
  const row = await reportQuery(db)
    .where('work_reports.id', '=', id)
    .$if(scope.kind === 'company', (q) => q.where('work_reports.company_id', '=', companyOf(scope)))
    .$if(userId !== undefined, (q) => q.where('work_reports.user_id', '=', userId!))
    .executeTakeFirst();
  return row && toReportRow(row);
}

export interface AttachmentRow {
  id: string;
  name: string;
  size: number;
  type: string;
}

/** A report's attachments in the order they were sent (metadata only). */
export async function listAttachments(db: Kysely<DB>, reportId: string): Promise<AttachmentRow[]> {
  const rows = await db
    .selectFrom('work_report_attachments')
    .innerJoin('files', 'files.id', 'work_report_attachments.file_id')
    .select(['files.id', 'files.name', 'files.size', 'files.content_type'])
    .where('work_report_attachments.report_id', '=', reportId)
    .orderBy('work_report_attachments.position')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, size: Number(row.size), type: row.content_type }));
}

export async function isAttachmentOf(db: Kysely<DB>, reportId: string, fileId: string): Promise<boolean> {
  const row = await db
    .selectFrom('work_report_attachments')
    .select('file_id')
    .where('report_id', '=', reportId)
    .where('file_id', '=', fileId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findSignatureFileId(db: Kysely<DB>, reportId: string): Promise<string | undefined> {
  const row = await db.selectFrom('work_reports').select('signature_file_id').where('id', '=', reportId).executeTakeFirst();
  return row?.signature_file_id;
}

/** How many events the Partes de Empleados event filter offers (the most recent first). */
const FILTER_EVENTS_OFFERED = 300;

/** The authors and events of one company's reports, for the Partes de Empleados filters. */
export async function listReportFilterOptions(db: Kysely<DB>, companyId: string) {
  const [workers, events] = await Promise.all([
    db
      .selectFrom('users')
      .select(['users.id', 'users.name'])
      .where('users.company_id', '=', companyId)
      .where((eb) => eb.exists(eb.selectFrom('work_reports').select('work_reports.id').whereRef('work_reports.user_id', '=', 'users.id').where('work_reports.company_id', '=', companyId)))
      .orderBy('users.name')
      .orderBy('users.id')
      .execute(),
    db
      .selectFrom('events')
      .select(['events.id', 'events.name', 'events.start_time'])
      .where('events.company_id', '=', companyId)
      .where((eb) => eb.exists(eb.selectFrom('work_reports').select('work_reports.id').whereRef('work_reports.event_id', '=', 'events.id')))
      .orderBy('events.start_time', 'desc')
      .orderBy('events.id', 'desc')
      .limit(FILTER_EVENTS_OFFERED)
      .execute(),
  ]);
  return { workers, events: events.map((event) => ({ id: event.id, name: event.name, startTime: event.start_time })) };
}
