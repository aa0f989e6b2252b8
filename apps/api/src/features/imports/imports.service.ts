import { IMPORT_HAS_PROBLEMS_MESSAGE, IMPORT_MAX_BYTES, IMPORT_TOO_LARGE_MESSAGE, importKinds, type ImportKind, type ImportPreview, type ImportResult } from '@jornada/shared/schemas/imports';
import { requireRole, type Actor } from '../../lib/authorization';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, badRequest, conflict } from '../../lib/errors';
import type { MultipartForm } from '../../ledgers/files/uploads';
import type { EventsDeps } from '../events/events.service';
import { checkEmployees, writeEmployees } from './employee-import';
import { checkEvents, writeEvents } from './event-import';
import { previewOf } from './import-rows';
import { employeeImportColumns, eventImportColumns } from '@jornada/shared/schemas/imports';
import { readTable, type Table } from './read-table';

/*
 * Issue 28 item 3 (decision 053): 'Importar'. The preview judges every row and writes nothing; the
 * import judges the file again (the preview is never trusted) and writes every row in one
 * transaction, or nothing.
 */

export type ImportDeps = EventsDeps & { publicUrl: string };

export const NO_FILE_MESSAGE = 'Elige el archivo CSV o XLSX que quieres importar.';
const RACE_MESSAGE = 'Mientras se importaba, otra persona ha dado de alta uno de esos usuarios o DNI. Vuelve a revisar el archivo.';

/** Rollback of the dry run the events preview makes (its writes show what the rules of each row say). */
class DryRun extends Error {}

async function tableOf(readUpload: () => Promise<MultipartForm>): Promise<Table> {
  const form = await readUpload();
  const file = form.files[0];
  if (!file) throw badRequest(NO_FILE_MESSAGE);
  if (file.bytes.length > IMPORT_MAX_BYTES) throw new AppError(413, 'PAYLOAD_TOO_LARGE', IMPORT_TOO_LARGE_MESSAGE);
  return readTable(file.bytes);
}

export function isImportKind(kind: string): kind is ImportKind {
  return (importKinds as readonly string[]).includes(kind);
}

export async function previewImport(deps: ImportDeps, actor: Actor, kind: ImportKind, readUpload: () => Promise<MultipartForm>): Promise<ImportPreview> {
  requireRole(actor, ['Supervisor', 'Administrador']);
  const table = await tableOf(readUpload);
  if (kind === 'employees') {
    const { rows, fileProblems } = await checkEmployees(deps.db, actor, table);
    return previewOf(kind, employeeImportColumns, rows, fileProblems);
  }
  const { rows, fileProblems, planned } = await checkEvents(deps.db, actor, deps.timeZone, table);
  if (planned.length > 0) {
    // The rules of a single create (vacations, double bookings, also between the file's own rows,
    // qualifications that refuse) run as the import would run them, and are rolled back.
    const now = deps.clock();
    await deps.db
      .transaction()
      .execute(async (trx) => {
        await writeEvents(trx, deps, actor, now, planned, (line, message) => rows.find((row) => row.line === line)?.problems.push(message));
        throw new DryRun();
      })
      .catch((error: unknown) => {
        if (!(error instanceof DryRun)) throw error;
      });
  }
  return previewOf(kind, eventImportColumns, rows, fileProblems);
}

export async function commitImport(deps: ImportDeps, actor: Actor, kind: ImportKind, readUpload: () => Promise<MultipartForm>): Promise<ImportResult> {
  requireRole(actor, ['Supervisor', 'Administrador']);
  const table = await tableOf(readUpload);
  const now = deps.clock();
  const refuse = (rowsWithProblems: number) =>
    new AppError(422, 'UNPROCESSABLE', rowsWithProblems === 0 ? IMPORT_HAS_PROBLEMS_MESSAGE : `${IMPORT_HAS_PROBLEMS_MESSAGE} Filas con problemas: ${rowsWithProblems}.`);
  if (kind === 'employees') {
    try {
      return await deps.db.transaction().execute(async (trx) => {
        // Judged inside the transaction that writes: what it read is what it writes against.
        const { rows, fileProblems, planned } = await checkEmployees(trx, actor, table);
        const bad = rows.filter((row) => row.problems.length > 0).length;
        if (fileProblems.length > 0 || bad > 0) throw refuse(bad);
        await writeEmployees(trx, deps, actor, now, planned);
        return { kind, created: planned.length, invited: planned.length };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(RACE_MESSAGE);
      throw error;
    }
  }
  return deps.db.transaction().execute(async (trx) => {
    const { rows, fileProblems, planned } = await checkEvents(trx, actor, deps.timeZone, table);
    const bad = rows.filter((row) => row.problems.length > 0).length;
    if (fileProblems.length > 0 || bad > 0) throw refuse(bad);
    const created = await writeEvents(trx, deps, actor, now, planned);
    return { kind, created, invited: 0 };
  });
}
