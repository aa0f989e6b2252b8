import {
  WORK_REPORT_NOT_FOUND_MESSAGE,
  type EmployeeReportDetail,
  type EmployeeReportFilterOptions,
  type EmployeeReportPage,
  type EmployeeReportSummary,
  type EmployeeReportsQueryParams,
} from '@jornada/shared/schemas/work-reports';
import { requireRole, scopeOf, type Actor, type CompanyScope } from '../../lib/authorization';
import { decodeCursor, pageOf } from '../../lib/cursor';
import type { ServiceDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { dayRangeInstants } from '../../lib/list-filters';
import { findFileContent, type FileContent } from '../../ledgers/files/files.repository';
import * as reports from './work-reports.repository';

/**
 * The choices of the Partes de Empleados worker and event filters: the caller's company (an
 * administrator names one; without it the list spans every company and there is nothing to offer).
 */
export async function listReportFilterOptions(deps: ServiceDeps, actor: Actor, companyId: string | undefined): Promise<EmployeeReportFilterOptions> {
  const scope = reviewerScope(actor);
  const target = scope.kind === 'company' ? scope.companyId : companyId;
  if (target === undefined) return { workers: [], events: [] };
  return reports.listReportFilterOptions(deps.db, target);
}

/** Employees' reports: a supervisor's company, every company for an administrator (spec screen 9). */
function reviewerScope(actor: Actor): CompanyScope {
  requireRole(actor, ['Supervisor', 'Administrador']);
  return scopeOf(actor);
}

function toSummary(row: reports.ReportRow): EmployeeReportSummary {
  return {
    id: row.id,
    eventId: row.eventId,
    eventName: row.eventName,
    userId: row.userId,
    employeeName: row.employeeName,
    companyId: row.companyId,
    companyName: row.companyName,
    createdAt: row.createdAt,
    attachmentCount: row.attachmentCount,
  };
}

export async function listEmployeeReports(
  deps: ServiceDeps & { timeZone: string },
  actor: Actor,
  query: EmployeeReportsQueryParams,
): Promise<EmployeeReportPage> {
  const scope = reviewerScope(actor);
  const sent = dayRangeInstants(query, deps.timeZone);
  const rows = await reports.listReports(deps.db, scope, {
    companyId: scope.kind === 'all' ? query.companyId : undefined,
    userId: query.userId,
    eventId: query.eventId,
    sentFrom: sent.from,
    sentBefore: sent.to,
    text: query.q,
    after: query.cursor === undefined ? undefined : (decodeCursor(query.cursor, 2) as [string, string]),
    limit: query.limit,
  });
  const page = pageOf(rows, query.limit, (row) => [row.createdAt, row.id]);
  return { items: page.items.map(toSummary), nextCursor: page.nextCursor };
}

async function requireReport(deps: ServiceDeps, actor: Actor, id: string) {
  const scope = reviewerScope(actor);
  const report = await reports.findReport(deps.db, scope, id);
  if (!report) throw notFound(WORK_REPORT_NOT_FOUND_MESSAGE);
  return { scope, report };
}

/** The detail dialog: observations, attachments (with their download addresses) and the signature. */
export async function getEmployeeReport(deps: ServiceDeps, actor: Actor, id: string): Promise<EmployeeReportDetail> {
  const { report } = await requireReport(deps, actor, id);
  const base = `/api/employee-reports/${encodeURIComponent(report.id)}`;
  const attachments = await reports.listAttachments(deps.db, report.id);
  return {
    ...toSummary(report),
    observations: report.observations,
    eventLocation: report.eventLocation,
    eventStartTime: report.eventStartTime,
    eventEndTime: report.eventEndTime,
    attachments: attachments.map((attachment) => ({ ...attachment, url: `${base}/attachments/${encodeURIComponent(attachment.id)}` })),
    signatureUrl: `${base}/signature`,
  };
}

export async function getEmployeeReportSignature(deps: ServiceDeps, actor: Actor, id: string): Promise<FileContent> {
  const { scope, report } = await requireReport(deps, actor, id);
  const fileId = await reports.findSignatureFileId(deps.db, report.id);
  const file = fileId ? await findFileContent(deps.db, scope, fileId) : undefined;
  if (!file) throw notFound(WORK_REPORT_NOT_FOUND_MESSAGE);
  return file;
}

/** An attachment downloads only through a report the caller may open, and only if it is that report's. */
export async function getEmployeeReportAttachment(deps: ServiceDeps, actor: Actor, id: string, fileId: string): Promise<FileContent> {
  const { scope, report } = await requireReport(deps, actor, id);
  const file = (await reports.isAttachmentOf(deps.db, report.id, fileId)) ? await findFileContent(deps.db, scope, fileId) : undefined;
  if (!file) throw notFound('Archivo no encontrado.');
  return file;
}
