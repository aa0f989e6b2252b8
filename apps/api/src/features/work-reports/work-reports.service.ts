import {
  createWorkReportFieldsSchema,
  REPORT_EVENT_MESSAGE,
  REPORT_EVENT_NOT_FINISHED_MESSAGE,
  WORK_REPORT_NOT_FOUND_MESSAGE,
  type MyWorkReport,
  type MyWorkReportPage,
  type PendingReportEventPage,
} from '@jornada/shared/schemas/work-reports';
import type { Actor } from '../../lib/authorization';
import { decodeCursor, pageOf } from '../../lib/cursor';
import { isUniqueViolation } from '../../lib/db-errors';
import type { ServiceDeps } from '../../lib/deps';
import { AppError, badRequest, notFound, unprocessable } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { signerScope } from '../documents/signature.service';
import { findSavedSignature } from '../documents/signature.service';
import { copyFile, findFileContent, insertFiles, type FileContent, type NewFile } from '../../ledgers/files/files.repository';
import { newStoredFile, signatureFile } from '../../ledgers/files/stored-files';
import type { MultipartForm } from '../../ledgers/files/uploads';
import * as reports from './work-reports.repository';

interface PageQuery {
  cursor?: string;
  limit: number;
}

const signatureRequired = () => new AppError(422, 'SIGNATURE_REQUIRED');
const reportExists = () => new AppError(409, 'WORK_REPORT_EXISTS');
const afterOf = (cursor: string | undefined) => (cursor === undefined ? undefined : (decodeCursor(cursor, 2) as [string, string]));

/** 'Generar Parte': the caller's finished events without a report of theirs, newest end first. */
export async function listPendingReportEvents(deps: ServiceDeps, actor: Actor, query: PageQuery): Promise<PendingReportEventPage> {
  const scope = signerScope(actor);
  const rows = await reports.listPendingEvents(deps.db, scope, actor.userId, { now: deps.clock(), after: afterOf(query.cursor), limit: query.limit });
  return pageOf(rows, query.limit, (row) => [row.endTime, row.id]);
}

function toMyReport(row: reports.ReportRow): MyWorkReport {
  return {
    id: row.id,
    eventId: row.eventId,
    eventName: row.eventName,
    observations: row.observations,
    createdAt: row.createdAt,
    attachmentCount: row.attachmentCount,
    signatureUrl: `/api/work-reports/${encodeURIComponent(row.id)}/signature`,
  };
}

/** The caller's generated reports, newest first. */
export async function listMyReports(deps: ServiceDeps, actor: Actor, query: PageQuery): Promise<MyWorkReportPage> {
  const scope = signerScope(actor);
  const rows = await reports.listReports(deps.db, scope, { userId: actor.userId, after: afterOf(query.cursor), limit: query.limit });
  const page = pageOf(rows, query.limit, (row) => [row.createdAt, row.id]);
  return { items: page.items.map(toMyReport), nextCursor: page.nextCursor };
}

function parseFields(form: MultipartForm) {
  const parsed = createWorkReportFieldsSchema.safeParse(Object.fromEntries(form.fields));
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message);
  return parsed.data;
}

/**
 * 'Guardar y Firmar Parte': a finished event of the caller's company they were assigned to, one
 * report per user and event (the unique index has the last word), signed with the drawn signature
 * or a copy of the saved one. Files, report, attachments and log entry go in one transaction.
 */
export async function createWorkReport(
  deps: ServiceDeps,
  actor: Actor,
  readForm: (beforeFiles: (fields: ReadonlyMap<string, string>) => Promise<void>) => Promise<MultipartForm>,
): Promise<MyWorkReport> {
  const scope = signerScope(actor);
  const reportableEvent = async (eventId: string) => {
    const event = await reports.findReportEvent(deps.db, scope, eventId, actor.userId);
    if (!event || !event.assigned) throw unprocessable(REPORT_EVENT_MESSAGE);
    if (Date.parse(event.endTime) > deps.clock().getTime()) throw unprocessable(REPORT_EVENT_NOT_FINISHED_MESSAGE);
    if (await reports.reportExists(deps.db, actor.userId, event.id)) throw reportExists();
    return event;
  };
  // The event's refusals do not depend on the attachments: answered before any file is read.
  const form = await readForm(async (early) => {
    const eventId = early.get('eventId');
    if (eventId) await reportableEvent(eventId);
  });
  const fields = parseFields(form);
  const event = await reportableEvent(fields.eventId);
  const now = deps.clock();

  const owner = { companyId: scope.companyId, ownerId: actor.userId };
  const drawn = fields.signature ? signatureFile(fields.signature, owner, now) : undefined;
  const saved = drawn ? undefined : await findSavedSignature(deps.db, scope, actor.userId);
  if (!drawn && !saved) throw signatureRequired();
  const attachments: NewFile[] = form.files.map((upload) => newStoredFile(upload, owner, 'attachment', now));
  const signatureFileId = drawn?.id ?? newId('file');
  const id = newId('wr');

  try {
    await deps.db.transaction().execute(async (trx) => {
      await insertFiles(trx, drawn ? [drawn, ...attachments] : attachments);
      if (saved) {
        // A copy, so drawing a new signature later never changes a signed report.
        const copied = await copyFile(trx, saved.fileId, { id: signatureFileId, purpose: 'signature', createdAt: now.toISOString() });
        // Replaced by a new signature since it was read: ask for the signature again.
        if (!copied) throw signatureRequired();
      }
      await reports.insertReport(
        trx,
        { id, company_id: scope.companyId, user_id: actor.userId, event_id: event.id, observations: fields.observations, signature_file_id: signatureFileId, created_at: now.toISOString() },
        attachments.map((file) => file.id),
      );
      await appendActorAction(trx, actor, now, {
        companyId: scope.companyId,
        kind: 'work-report.create',
        message: `${actor.name} ha firmado el parte de trabajo de «${event.name}»`,
      });
    });
  } catch (error) {
    // Another device or server sent the same report first.
    if (isUniqueViolation(error)) throw reportExists();
    throw error;
  }
  const created = await reports.findReport(deps.db, scope, id, actor.userId);
  return toMyReport(created!);
}

/** The signature image of one of the caller's own reports. */
export async function getMyReportSignature(deps: ServiceDeps, actor: Actor, reportId: string): Promise<FileContent> {
  const scope = signerScope(actor);
  const report = await reports.findReport(deps.db, scope, reportId, actor.userId);
  const fileId = report && (await reports.findSignatureFileId(deps.db, report.id));
  const file = fileId ? await findFileContent(deps.db, scope, fileId) : undefined;
  if (!file) throw notFound(WORK_REPORT_NOT_FOUND_MESSAGE);
  return file;
}
