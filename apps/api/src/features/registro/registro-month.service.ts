import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { monthKeyOf, monthRange } from '@jornada/shared/format';
import type { CompanyRegistro, RegistroMonth } from '@jornada/shared/schemas/registro';
import type { DB } from '../../db/schema';
import { requireRole, type Actor } from '../../lib/authorization';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { resolveManagedCompany } from '../../lib/managed-company';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { insertFiles } from '../../ledgers/files/files.repository';
import { signatureFile } from '../../ledgers/files/stored-files';
import { resolveWorkerCompany, WORKER_NOT_FOUND_MESSAGE } from './registro-access';
import { anchorPrintedHead } from '../../ledgers/registro-chain/registro-anchors';
import { renderRegistroCsv } from './registro-csv';
import { currentSignature, type RegistroDocument, type RegistroSection } from './registro-document';
import { loadRegistroDocument } from './registro-loader';
import { renderRegistroPdf } from './registro-pdf';
import { countPendingAmendments, insertSignedMonth, nextSignatureVersion } from './registro.repository';

export interface RegistroDeps {
  db: Kysely<DB>;
  clock: Clock;
  timeZone: string;
}

export const NOT_CLOSED_MESSAGE = 'Solo se puede firmar un mes ya cerrado.';
export const ALREADY_SIGNED_MESSAGE = 'Ya has firmado el registro de jornada de este mes.';
export const OPEN_RECORD_MESSAGE = 'Hay fichajes sin cierre en este mes: pide antes su corrección.';
export const PENDING_CORRECTION_MESSAGE = 'Hay correcciones pendientes en este mes: espera a que se resuelvan antes de firmar.';

const clockers = ['Empleado', 'Supervisor'] as const;

function monthDays(month: string): { from: string; to: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return { from: `${month}-01`, to: new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10) };
}

function isClosed(deps: RegistroDeps, month: string): boolean {
  return month < monthKeyOf(deps.clock(), deps.timeZone);
}

async function loadMonth(deps: RegistroDeps, companyId: string, workers: readonly string[] | 'staff', month: string, withSignatureImages = false): Promise<RegistroDocument> {
  const document = await loadRegistroDocument(deps.db, {
    companyId,
    ...monthDays(month),
    timeZone: deps.timeZone,
    generatedAt: deps.clock(),
    workers,
    withSignatureImages,
  });
  if (!document) throw notFound(WORKER_NOT_FOUND_MESSAGE);
  return document;
}

/**
 * SHA-256 of the month's records as signed (each day's starts, ends and correction marks): a later
 * correction changes it, a later change of the company's rules does not.
 */
export function contentHash(section: RegistroSection): string {
  const content = section.days.map((day) => [day.day, day.entries.map((entry) => [entry.recordId, entry.start, entry.end, entry.corrected])]);
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/** The month's standing signature still covers exactly the records shown (false when never signed). */
function signedAsIs(section: RegistroSection, month: string): boolean {
  const signature = currentSignature(section, month);
  return signature !== undefined && signature.contentSha256 === contentHash(section);
}

/**
 * Why the caller may not sign now, or null. A month signed before a later correction changed it is
 * signed again ('Firmar la nueva versión'): a new signature row, the first one kept as superseded.
 */
function blockedReason(deps: RegistroDeps, month: string, section: RegistroSection, mayAct: boolean): string | null {
  if (!mayAct) return 'Solo el propio trabajador puede firmar su registro.';
  if (signedAsIs(section, month)) return ALREADY_SIGNED_MESSAGE;
  if (!isClosed(deps, month)) return NOT_CLOSED_MESSAGE;
  if (section.days.some((day) => day.entries.some((entry) => entry.end === null))) return OPEN_RECORD_MESSAGE;
  return null;
}

async function presentMonth(deps: RegistroDeps, document: RegistroDocument, month: string, ownRecord: boolean): Promise<RegistroMonth> {
  const section = document.sections[0];
  if (!section) throw notFound(WORKER_NOT_FOUND_MESSAGE);
  const signature = currentSignature(section, month);
  const reason = blockedReason(deps, month, section, ownRecord);
  return {
    company: document.company,
    worker: section.worker,
    month,
    days: section.days.map((day) => ({
      day: day.day,
      entries: day.entries.map((entry) => ({ start: entry.start, end: entry.end, workedMinutes: entry.workedMinutes, corrected: entry.corrected, addedByCorrection: entry.addedByCorrection, flags: entry.flags })),
      workedMinutes: day.workedMinutes,
      overtimeMinutes: day.overtimeMinutes,
      breaks: day.breaks.map((item) => ({ rule: item.rule, day: item.day, excessMinutes: item.excessMinutes, message: item.message })),
    })),
    totals: section.totals,
    rules: document.rules,
    signedAt: signature?.signedAt ?? null,
    changedSinceSigning: signature !== undefined && !signedAsIs(section, month),
    supersededSignatures: section.signatures
      .filter((item) => item.month === month && item.superseded === true)
      .map((item) => ({ signedAt: item.signedAt, workedMinutes: item.workedMinutes ?? 0, contentSha256: item.contentSha256 ?? '' })),
    canSign: reason === null,
    signBlockedReason: signedAsIs(section, month) ? null : reason,
  };
}

function requireOwnCompany(actor: Actor): string {
  requireRole(actor, clockers);
  if (!actor.companyId) throw forbidden();
  return actor.companyId;
}

/** 'Registro de Jornada': the caller's own month, any month. */
export async function getMyMonth(deps: RegistroDeps, actor: Actor, month: string): Promise<RegistroMonth> {
  const companyId = requireOwnCompany(actor);
  return presentMonth(deps, await loadMonth(deps, companyId, [actor.userId], month), month, true);
}

/** A manager opens one worker's month (the company's worker, now or when they clocked). */
export async function getEmployeeMonth(deps: RegistroDeps, actor: Actor, userId: string, query: { month: string; companyId?: string }): Promise<RegistroMonth> {
  const companyId = await resolveWorkerCompany(deps.db, actor, userId, query.companyId);
  return presentMonth(deps, await loadMonth(deps, companyId, [userId], query.month), query.month, false);
}

/** 'Registro de Jornada de la Empresa': each worker's totals and whether they signed the month. */
export async function getCompanyMonth(deps: RegistroDeps, actor: Actor, query: { month: string; companyId?: string }): Promise<CompanyRegistro> {
  const company = await resolveManagedCompany(deps.db, actor, query.companyId);
  const document = await loadMonth(deps, company.id, 'staff', query.month);
  return {
    company: document.company,
    month: query.month,
    closed: isClosed(deps, query.month),
    employees: document.sections.map((section) => ({
      ...section.worker,
      workedMinutes: section.totals.workedMinutes,
      overtimeMinutes: section.totals.overtimeMinutes,
      breakCount: section.totals.breakCount,
      signedAt: currentSignature(section, query.month)?.signedAt ?? null,
    })),
  };
}

/** The worker signs a closed month with the pad: the signature, the time and what was signed are kept. */
export async function signMyMonth(deps: RegistroDeps, actor: Actor, input: { month: string; signature: string }): Promise<RegistroMonth> {
  const companyId = requireOwnCompany(actor);
  const now = deps.clock();
  // A registro signature: kept past a company deletion and a new 'Mi Firma' (decision 036).
  const png = signatureFile(input.signature, { companyId, ownerId: actor.userId }, now, 'registro-signature');
  const document = await loadMonth(deps, companyId, [actor.userId], input.month);
  const section = document.sections[0]!;
  const reason = blockedReason(deps, input.month, section, true);
  if (reason) throw conflict(reason);
  if ((await countPendingAmendments(deps.db, companyId, actor.userId, monthRange(input.month, deps.timeZone))) > 0) throw conflict(PENDING_CORRECTION_MESSAGE);
  const resigning = currentSignature(section, input.month) !== undefined;
  try {
    await deps.db.transaction().execute(async (trx) => {
      await insertFiles(trx, [png]);
      await insertSignedMonth(trx, {
        // Never overwrites: a re-signature is the next version; the unique key refuses a concurrent twin.
        version: await nextSignatureVersion(trx, companyId, actor.userId, input.month),
        id: newId('sm'),
        company_id: companyId,
        user_id: actor.userId,
        month: input.month,
        signed_at: now.toISOString(),
        user_name: actor.name,
        signature_file_id: png.id,
        signature_sha256: png.sha256,
        worked_minutes: section.totals.workedMinutes,
        overtime_minutes: section.totals.overtimeMinutes,
        year_overtime_minutes: section.totals.yearOvertimeMinutes,
        rule_breaks: section.totals.breakCount,
        content_sha256: contentHash(section),
      });
      await appendActorAction(trx, actor, now, { companyId, kind: 'registro.sign', message: `${actor.name} ha firmado ${resigning ? 'la nueva versión de ' : ''}su registro de jornada de ${input.month}` });
    });
  } catch (error) {
    // Two devices signing at once: the unique key is the last word.
    if (isUniqueViolation(error)) throw conflict(ALREADY_SIGNED_MESSAGE);
    throw error;
  }
  return getMyMonth(deps, actor, input.month);
}

export interface RegistroDownload {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

function safeName(text: string): string {
  return [...text.normalize('NFC')].map((char) => (char.charCodeAt(0) < 32 ? '_' : char)).join('').replace(/[\\/:*?"<>|]+/g, '_').trim() || 'registro';
}

async function render(deps: RegistroDeps, unprinted: RegistroDocument, format: 'pdf' | 'csv', parts: string[]): Promise<RegistroDownload> {
  // Every download prints the chain's head, recorded as an anchor (decision 031).
  const chainHead = await anchorPrintedHead(deps.db, unprinted.company.id, `Registro de jornada ${parts.join(' ')} (${format.toUpperCase()})`, deps.clock());
  const document = { ...unprinted, chainHead };
  const fileName = `Registro de jornada ${parts.map(safeName).join(' ')}.${format}`;
  if (format === 'csv') return { fileName, contentType: 'text/csv; charset=utf-8', bytes: renderRegistroCsv(document) };
  return { fileName, contentType: 'application/pdf', bytes: await renderRegistroPdf(document) };
}

async function logDownload(deps: RegistroDeps, actor: Actor, companyId: string, what: string, format: 'pdf' | 'csv') {
  await appendActorAction(deps.db, actor, deps.clock(), { companyId, kind: 'registro.download', message: `${actor.name} ha descargado ${what} (${format.toUpperCase()})` });
}

export async function downloadMyMonth(deps: RegistroDeps, actor: Actor, query: { month: string; format: 'pdf' | 'csv' }): Promise<RegistroDownload> {
  const companyId = requireOwnCompany(actor);
  const document = await loadMonth(deps, companyId, [actor.userId], query.month, true);
  await logDownload(deps, actor, companyId, `su registro de jornada de ${query.month}`, query.format);
  return render(deps, document, query.format, [actor.name, query.month]);
}

export async function downloadEmployeeMonth(
  deps: RegistroDeps,
  actor: Actor,
  userId: string,
  query: { month: string; companyId?: string; format: 'pdf' | 'csv' },
): Promise<RegistroDownload> {
  const companyId = await resolveWorkerCompany(deps.db, actor, userId, query.companyId);
  const document = await loadMonth(deps, companyId, [userId], query.month, true);
  const name = document.sections[0]?.worker.name ?? userId;
  await logDownload(deps, actor, companyId, `el registro de jornada de ${name} de ${query.month}`, query.format);
  return render(deps, document, query.format, [name, query.month]);
}

export async function downloadCompanyMonth(deps: RegistroDeps, actor: Actor, query: { month: string; companyId?: string; format: 'pdf' | 'csv' }): Promise<RegistroDownload> {
  const company = await resolveManagedCompany(deps.db, actor, query.companyId);
  const document = await loadMonth(deps, company.id, 'staff', query.month);
  await logDownload(deps, actor, company.id, `el registro de jornada de la empresa de ${query.month}`, query.format);
  return render(deps, document, query.format, [company.name, query.month]);
}
