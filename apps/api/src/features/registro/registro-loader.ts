import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { buildRegistroDocument, dayRangeInstants, registroRecordWindow, type RegistroDocument } from './registro-document';
import {
  findRegistroCompany,
  findRegistroWorkers,
  findWorkingTimeRules,
  listCompanyStaff,
  listRegistroRecords,
  listSignedMonths,
  signaturesByWorker,
} from './registro.repository';

export interface RegistroRequest {
  companyId: string;
  /** Days 'yyyy-MM-dd' in the company time zone, both included. */
  from: string;
  to: string;
  timeZone: string;
  generatedAt: Date;
  /**
   * Which workers: some ids (one worker's month), or 'staff' (the company's Empleado and Supervisor
   * users plus anyone else with records in the range), or 'with-records' (only who has records in
   * the range: an inspection link).
   */
  workers: readonly string[] | 'staff' | 'with-records';
  /** Print the drawn signatures (one worker's PDF); omitted for long company documents. */
  withSignatureImages?: boolean;
}

/**
 * Reads everything a Registro de jornada needs in a bounded number of indexed queries (no N+1) and
 * builds the document. The caller has already checked that the actor may see this company and
 * these workers; this function trusts its arguments. Undefined when the company is unknown.
 */
export async function loadRegistroDocument(db: Kysely<DB>, request: RegistroRequest): Promise<RegistroDocument | undefined> {
  const company = await findRegistroCompany(db, request.companyId);
  if (!company) return undefined;
  const rules = await findWorkingTimeRules(db, request.companyId);
  const window = registroRecordWindow(request.from, request.to, request.timeZone);
  const onlyIds = Array.isArray(request.workers) ? (request.workers as readonly string[]) : undefined;
  const records = await listRegistroRecords(db, request.companyId, window, onlyIds);

  const range = dayRangeInstants(request.from, request.to, request.timeZone);
  const inRange = (start: string) => start >= range.start.toISOString() && start < range.end.toISOString();
  let workers;
  if (onlyIds) {
    workers = await findRegistroWorkers(db, onlyIds);
  } else {
    const withRecords = [...new Set(records.filter((record) => inRange(record.start)).map((record) => record.userId))];
    const staff = request.workers === 'staff' ? await listCompanyStaff(db, request.companyId) : [];
    const staffIds = new Set(staff.map((worker) => worker.id));
    const others = await findRegistroWorkers(db, withRecords.filter((id) => !staffIds.has(id)));
    workers = [...staff, ...others].sort((a, b) => a.name.localeCompare(b.name, 'es') || a.id.localeCompare(b.id));
  }

  const signed = await listSignedMonths(
    db,
    request.companyId,
    { from: request.from.slice(0, 7), to: request.to.slice(0, 7) },
    { userIds: onlyIds, withPng: request.withSignatureImages === true },
  );
  return buildRegistroDocument({
    company,
    from: request.from,
    to: request.to,
    timeZone: request.timeZone,
    generatedAt: request.generatedAt,
    rules,
    workers,
    records,
    signatures: signaturesByWorker(signed),
  });
}
