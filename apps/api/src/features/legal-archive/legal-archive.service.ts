import { dayKeyOf } from '@jornada/shared/events';
import type { ArchivedRecordsResponse, ArchivedSubject, LegalArchiveResponse } from '@jornada/shared/schemas/legal-archive';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { requireRole, type Actor } from '../../lib/authorization';
import type { Clock } from '../../lib/clock';
import { decodeCursor, pageOf } from '../../lib/cursor';
import { notFound } from '../../lib/errors';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { ACCESS_PAGE_SIZE, listLegalRecords, toAccessRecord } from '../access-links/public-access.service';
import { renderRegistroFile, type RegistroFile, type RegistroFormat } from '../access-links/registro-download';
import { loadRegistroDocument } from '../registro/registro-loader';
import { anchorPrintedHead } from '../../ledgers/registro-chain/registro-anchors';
import * as archive from './legal-archive.repository';
import { RETENTION_YEARS } from './retention';

export interface LegalArchiveDeps {
  db: Kysely<DB>;
  clock: Clock;
  timeZone: string;
}

export const SUBJECT_NOT_FOUND_MESSAGE = 'No se ha encontrado en el archivo legal.';
const FAR_FUTURE = '9999-12-31T00:00:00.000Z';

function purgeAfter(lastStart: string | null): string | null {
  if (!lastStart) return null;
  const date = new Date(lastStart);
  date.setUTCFullYear(date.getUTCFullYear() + RETENTION_YEARS);
  return date.toISOString();
}

function toSubject(row: archive.ArchivedSubjectRow, stats: archive.RecordStats | undefined, timeZone: string): ArchivedSubject {
  return {
    id: row.id,
    kind: row.kind,
    subjectId: row.subject_id,
    name: row.name,
    username: row.username,
    email: row.email,
    companyId: row.company_id,
    companyName: row.company_name,
    deletedAt: row.deleted_at,
    deletedByName: row.deleted_by_name,
    recordCount: stats?.recordCount ?? 0,
    workerCount: stats?.workerCount ?? 0,
    firstDay: stats?.firstStart ? dayKeyOf(stats.firstStart, timeZone) : null,
    lastDay: stats?.lastStart ? dayKeyOf(stats.lastStart, timeZone) : null,
    purgeAfter: purgeAfter(stats?.lastStart ?? null),
  };
}

/** 'Archivo Legal': platform administrators only; a company's own staff never reach it. */
function requirePlatformAdmin(actor: Actor): void {
  requireRole(actor, ['Administrador']);
}

export async function listArchive(deps: LegalArchiveDeps, actor: Actor): Promise<LegalArchiveResponse> {
  requirePlatformAdmin(actor);
  const [companies, users] = await Promise.all([archive.listSubjects(deps.db, 'company'), archive.listSubjects(deps.db, 'user')]);
  const [companyStats, userStats] = await Promise.all([
    archive.recordStats(deps.db, 'company_id', companies.map((row) => row.company_id)),
    archive.recordStats(deps.db, 'user_id', users.map((row) => row.subject_id)),
  ]);
  return {
    companies: companies.map((row) => toSubject(row, companyStats.get(row.company_id), deps.timeZone)),
    users: users.map((row) => toSubject(row, userStats.get(row.subject_id), deps.timeZone)),
  };
}

async function findSubject(deps: LegalArchiveDeps, actor: Actor, id: string): Promise<ArchivedSubject> {
  requirePlatformAdmin(actor);
  const row = await archive.findSubject(deps.db, id);
  if (!row) throw notFound(SUBJECT_NOT_FOUND_MESSAGE);
  const by = row.kind === 'company' ? 'company_id' : 'user_id';
  const stats = await archive.recordStats(deps.db, by, [row.kind === 'company' ? row.company_id : row.subject_id]);
  return toSubject(row, [...stats.values()][0], deps.timeZone);
}

/** The archived subject's records, oldest first, a page at a time. */
export async function listArchivedRecords(deps: LegalArchiveDeps, actor: Actor, id: string, query: { cursor?: string }): Promise<ArchivedRecordsResponse> {
  const subject = await findSubject(deps, actor, id);
  const after = query.cursor ? (decodeCursor(query.cursor, 2) as [string, string]) : undefined;
  const owner = subject.kind === 'company' ? { companyId: subject.companyId } : { userId: subject.subjectId };
  const rows = await listLegalRecords(deps.db, owner, { start: '', end: FAR_FUTURE }, { after, limit: ACCESS_PAGE_SIZE });
  const page = pageOf(rows, ACCESS_PAGE_SIZE, (row) => [row.start_time, row.id]);
  return { subject, records: page.items.map((row) => toAccessRecord(row, deps.timeZone)), nextCursor: page.nextCursor };
}

/** One calendar year of the subject's record as the monthly record's PDF or CSV; the download is logged. */
export async function downloadArchivedYear(deps: LegalArchiveDeps, actor: Actor, id: string, query: { format: RegistroFormat; year: number }): Promise<RegistroFile> {
  const subject = await findSubject(deps, actor, id);
  const document = await loadRegistroDocument(deps.db, {
    companyId: subject.companyId,
    from: `${query.year}-01-01`,
    to: `${query.year}-12-31`,
    timeZone: deps.timeZone,
    generatedAt: deps.clock(),
    workers: subject.kind === 'company' ? 'with-records' : [subject.subjectId],
  });
  if (!document) throw notFound(SUBJECT_NOT_FOUND_MESSAGE);
  await appendActorAction(deps.db, actor, deps.clock(), {
    companyId: subject.companyId,
    kind: 'legal-archive.download',
    message: `${actor.name} ha descargado del archivo legal el registro de jornada de «${subject.name}» de ${query.year} (${query.format.toUpperCase()})`,
  });
  const chainHead = await anchorPrintedHead(deps.db, subject.companyId, `Archivo legal: ${subject.name} ${query.year} (${query.format.toUpperCase()})`, deps.clock());
  return renderRegistroFile({ ...document, chainHead }, query.format, subject.name);
}

// What other features may use of this feature's storage: they reach it through the service (issue 22).

export { archiveCompany, archiveUser, type Deletion } from './legal-archive.repository';
