import type { Kysely } from 'kysely';
import { END_BEFORE_START_MESSAGE, createEventRequestSchema, type CreateEventInput } from '@jornada/shared/schemas/events';
import { eventImportColumns, parseLocalDateTime, splitList } from '@jornada/shared/schemas/imports';
import type { DB } from '../../db/schema';
import { scopeOf, type Actor } from '../../lib/authorization';
import { AppError } from '../../lib/errors';
import { createEventsIn, type EventsDeps } from '../events/events.service';
import { mapRows, resolveCompanies, type CheckedRow } from './import-rows';
import { findCompanyStaff } from './imports.repository';
import type { Table } from './read-table';

type Key = (typeof eventImportColumns)[number]['key'];

interface PlannedEvent {
  line: number;
  input: CreateEventInput;
}

const DATE_HINT = 'Escribe la fecha y la hora como 2027-07-15 20:00 o 15/07/2027 20:00.';
export const unknownStaffMessage = (username: string) => `No hay ningún empleado ni supervisor con el usuario «${username}» en la empresa.`;

/** The checks that need no other row: fields, dates, the company and the staff's usernames (only the company's people). */
export async function checkEvents(db: Kysely<DB>, actor: Actor, timeZone: string, table: Table): Promise<{ rows: CheckedRow<Key>[]; fileProblems: string[]; planned: PlannedEvent[] }> {
  const { rows, fileProblems } = mapRows(table, eventImportColumns);
  if (fileProblems.length > 0) return { rows, fileProblems, planned: [] };
  const companies = await resolveCompanies(db, actor, rows, (row) => row.values.company);

  const staffByCompany = new Map<string, Map<string, { id: string; name: string; is_disabled: number; is_deleted: number }>>();
  for (const company of new Set(companies.values())) {
    if (staffByCompany.has(company.id)) continue;
    const usernames = rows.filter((row) => companies.get(row)?.id === company.id).flatMap((row) => splitList(row.values.staff));
    staffByCompany.set(company.id, new Map((await findCompanyStaff(db, company.id, usernames)).map((person) => [person.username, person])));
  }

  const planned: PlannedEvent[] = [];
  for (const row of rows) {
    const { name, location } = row.values;
    const problems = row.problems;
    if (name === '') problems.push('Falta el nombre del evento.');
    else if (name.length > 200) problems.push('El nombre del evento es demasiado largo (como mucho 200 caracteres).');
    if (location === '') problems.push('Falta el lugar.');
    else if (location.length > 300) problems.push('El lugar es demasiado largo (como mucho 300 caracteres).');

    const start = parseLocalDateTime(row.values.start, timeZone);
    const end = parseLocalDateTime(row.values.end, timeZone);
    if (row.values.start === '') problems.push('Falta el inicio.');
    else if (!start) problems.push(`El inicio «${row.values.start}» no es una fecha válida. ${DATE_HINT}`);
    if (row.values.end === '') problems.push('Falta el fin.');
    else if (!end) problems.push(`El fin «${row.values.end}» no es una fecha válida. ${DATE_HINT}`);
    if (start && end && end.getTime() <= start.getTime()) problems.push(END_BEFORE_START_MESSAGE);

    const company = companies.get(row);
    const staff = company ? staffByCompany.get(company.id)! : undefined;
    const userIds: string[] = [];
    for (const username of new Set(splitList(row.values.staff))) {
      const person = staff?.get(username);
      if (!staff) continue;
      if (!person || Number(person.is_deleted) === 1) problems.push(unknownStaffMessage(username));
      else if (Number(person.is_disabled) === 1) problems.push(`No se puede asignar a ${person.name}: su acceso está deshabilitado.`);
      else userIds.push(person.id);
    }

    if (problems.length === 0 && company && start && end) {
      const parsed = createEventRequestSchema.safeParse({
        name,
        location,
        date: start.toISOString(),
        endDate: end.toISOString(),
        type: 'momentary',
        assignedEmployees: userIds,
        companyId: company.id,
        // The working-time warnings would ask 'Asignar igualmente' of each row; an import is that choice (decision 053).
        acknowledgeWarnings: true,
      });
      if (parsed.success) planned.push({ line: row.line, input: parsed.data });
      else problems.push(...parsed.error.issues.map((issue) => issue.message));
    }
  }
  return { rows, fileProblems, planned };
}

/**
 * Creates the planned events with every rule of a single create (vacations, double bookings, also
 * between rows of the file, qualifications), inside the caller's transaction. `onRefusal` gets the
 * row and the message of a rule that refuses it; without it the refusal ends the import.
 */
export async function writeEvents(
  trx: Kysely<DB>,
  deps: EventsDeps,
  actor: Actor,
  now: Date,
  planned: readonly PlannedEvent[],
  onRefusal?: (line: number, message: string) => void,
): Promise<number> {
  let created = 0;
  for (const event of planned) {
    try {
      created += (await createEventsIn(trx, deps, actor, scopeOf(actor), now, event.input, 'import')).ids.length;
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      if (!onRefusal) throw new AppError(error.statusCode, error.code, `Fila ${event.line}: ${error.message}`);
      onRefusal(event.line, error.message);
    }
  }
  return created;
}
