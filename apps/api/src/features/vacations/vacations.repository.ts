import type { Kysely } from 'kysely';
import type { Vacation } from '@jornada/shared/schemas/vacations';
import type { DB, VacationRequestsTable } from '../../db/schema';
import type { CompanyScope } from '../../lib/authorization';
import { groupBy } from '../../lib/group-by';
import { roleIdsWithBase } from '../../db/tenant-lookups';
import type { RoleName } from '@jornada/shared/permissions';

function requestQuery(db: Kysely<DB>) {
  return db
    .selectFrom('vacation_requests')
    .leftJoin('users as employee', 'employee.id', 'vacation_requests.employee_id')
    .leftJoin('users as supervisor', 'supervisor.id', 'vacation_requests.supervisor_id')
    // The signature is a file (decision 036); the response keeps its data URL, read under the request's own scope.
    .leftJoin('files as signature', 'signature.id', 'vacation_requests.signature_file_id')
    .selectAll('vacation_requests')
    .select(['employee.name as employee_name', 'supervisor.name as supervisor_name', 'signature.bytes as signature_bytes']);
}

const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';

type RequestRow = Awaited<ReturnType<ReturnType<typeof requestQuery>['executeTakeFirstOrThrow']>>;

/** Attaches the days of a page of requests with one query (no N+1). */
async function withDays(db: Kysely<DB>, rows: RequestRow[]): Promise<Vacation[]> {
  if (rows.length === 0) return [];
  const days = await db
    .selectFrom('vacation_days')
    .select(['request_id', 'day'])
    .where('request_id', 'in', rows.map((row) => row.id))
    .orderBy('day')
    .execute();
  const daysOf = groupBy(days, (row) => row.request_id, (row) => row.day);
  return rows.map((row) => ({
    id: row.id,
    employeeId: row.employee_id,
    employeeName: row.employee_name,
    supervisorId: row.supervisor_id,
    supervisorName: row.supervisor_name,
    companyId: row.company_id,
    dates: daysOf.get(row.id) ?? [],
    createdAt: row.created_at,
    status: row.status,
    awaiting: row.awaiting,
    signature: row.signature_bytes ? PNG_DATA_URL_PREFIX + Buffer.from(row.signature_bytes).toString('base64') : null,
    processedAt: row.processed_at,
  }));
}

export async function insertRequest(db: Kysely<DB>, request: Omit<VacationRequestsTable, 'signature_file_id'>, days: string[]): Promise<void> {
  await db.insertInto('vacation_requests').values(request).execute();
  await db
    .insertInto('vacation_days')
    .values(days.map((day) => ({ request_id: request.id, company_id: request.company_id, employee_id: request.employee_id, day })))
    .execute();
}

export async function findRequest(db: Kysely<DB>, scope: CompanyScope, id: string): Promise<Vacation | undefined> {
  const row = await requestQuery(db)
    .where('vacation_requests.id', '=', id)
    .$if(scope.kind === 'company', (query) => query.where('vacation_requests.company_id', '=', (scope as { companyId: string }).companyId))
    .executeTakeFirst();
  return row ? (await withDays(db, [row]))[0] : undefined;
}

/** Pending or processed requests of the scope, newest first, keyset-paged on (created_at, id). */
export async function listRequests(
  db: Kysely<DB>,
  scope: CompanyScope,
  options: { state: 'pending' | 'processed'; companyId?: string; after?: [string, string]; limit: number },
): Promise<Vacation[]> {
  const companyId = scope.kind === 'company' ? scope.companyId : options.companyId;
  const rows = await requestQuery(db)
    .$if(companyId !== undefined, (query) => query.where('vacation_requests.company_id', '=', companyId as string))
    .$if(options.state === 'pending', (query) => query.where('vacation_requests.status', '=', 'pendiente'))
    .$if(options.state === 'processed', (query) => query.where('vacation_requests.status', '!=', 'pendiente'))
    .$if(options.after !== undefined, (query) => {
      const [createdAt, id] = options.after as [string, string];
      // Row values: a range on the index on both engines (the OR form gathers and sorts every older row).
      return query.where((eb) => eb(eb.refTuple('vacation_requests.created_at', 'vacation_requests.id'), '<', eb.tuple(createdAt, id)));
    })
    .orderBy('vacation_requests.created_at', 'desc')
    .orderBy('vacation_requests.id', 'desc')
    .limit(options.limit)
    .execute();
  return withDays(db, rows);
}

export async function listEmployeeRequests(db: Kysely<DB>, employeeId: string, limit: number): Promise<Vacation[]> {
  const rows = await requestQuery(db)
    .where('vacation_requests.employee_id', '=', employeeId)
    .orderBy('vacation_requests.created_at', 'desc')
    .orderBy('vacation_requests.id', 'desc')
    .limit(limit)
    .execute();
  return withDays(db, rows);
}

/** Moves a pending request to its answer only if it is still waiting for that side. */
export async function answerRequest(
  db: Kysely<DB>,
  change: { id: string; awaiting: 'supervisor' | 'employee'; status: 'confirmado' | 'rechazado'; signatureFileId: string | null; at: string; by: string; supervisorId?: string },
): Promise<boolean> {
  const result = await db
    .updateTable('vacation_requests')
    .set({
      status: change.status,
      awaiting: null,
      signature_file_id: change.signatureFileId,
      processed_at: change.at,
      processed_by: change.by,
      ...(change.supervisorId ? { supervisor_id: change.supervisorId } : {}),
    })
    .where('id', '=', change.id)
    .where('status', '=', 'pendiente')
    .where('awaiting', '=', change.awaiting)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a processed request and then its signature file, in the caller's transaction. */
export async function deleteProcessedRequest(db: Kysely<DB>, id: string): Promise<boolean> {
  const row = await db.selectFrom('vacation_requests').select('signature_file_id').where('id', '=', id).executeTakeFirst();
  const result = await db.deleteFrom('vacation_requests').where('id', '=', id).where('status', '!=', 'pendiente').executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) return false;
  if (row?.signature_file_id) await db.deleteFrom('files').where('id', '=', row.signature_file_id).execute();
  return true;
}

/** Confirmed days of some people on some days: the event-assignment guard (spec section 5). */
export async function findConfirmedDays(
  db: Kysely<DB>,
  companyId: string,
  employeeIds: readonly string[],
  days: readonly string[],
): Promise<{ employeeId: string; day: string }[]> {
  if (employeeIds.length === 0 || days.length === 0) return [];
  const rows = await db
    .selectFrom('vacation_days')
    .innerJoin('vacation_requests', 'vacation_requests.id', 'vacation_days.request_id')
    .select(['vacation_days.employee_id', 'vacation_days.day'])
    .where('vacation_days.company_id', '=', companyId)
    .where('vacation_days.employee_id', 'in', [...employeeIds])
    .where('vacation_days.day', 'in', [...days])
    .where('vacation_requests.status', '=', 'confirmado')
    .execute();
  return rows.map((row) => ({ employeeId: row.employee_id, day: row.day }));
}

export async function listConfirmedDaysOf(db: Kysely<DB>, employeeId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('vacation_days')
    .innerJoin('vacation_requests', 'vacation_requests.id', 'vacation_days.request_id')
    .select('vacation_days.day')
    .distinct()
    .where('vacation_days.employee_id', '=', employeeId)
    .where('vacation_requests.status', '=', 'confirmado')
    .orderBy('vacation_days.day')
    .execute();
  return rows.map((row) => row.day);
}

/** Active (not disabled, not deleted) people of a company whose role has this base (default or custom, decision 043). */
export async function listActivePeople(db: Kysely<DB>, companyId: string, base: RoleName): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('role_id', 'in', roleIdsWithBase(db, [base]))
    .where('is_disabled', '=', 0)
    .where('is_deleted', '=', 0)
    .orderBy('name')
    .limit(1000)
    .execute();
}
